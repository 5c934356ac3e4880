// `npm start`: build what is missing, then run everything in one process on embedded defaults.
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
await import('../api/dist/main-all.js');
