export * from './socket-data.js';
export * from './gateway.js';
export * from './session/session-turns.js';
export * from './voice/voice-sessions.js';
export * from './socket-answers.js';
