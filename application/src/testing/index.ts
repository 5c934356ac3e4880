export * from './test-app.js';
