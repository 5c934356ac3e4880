// Spec §2: `scenario/info-{scenarioID}`, `session/play-{sessionID}`, `session/result-{sessionID}`.
const BASE = '/apps/ai-coaching';

export const infoPath = (scenarioId: string) => `${BASE}/scenario/info-${scenarioId}`;
export const playPath = (sessionId: string) => `${BASE}/session/play-${sessionId}`;
export const resultPath = (sessionId: string) => `${BASE}/session/result-${sessionId}`;
