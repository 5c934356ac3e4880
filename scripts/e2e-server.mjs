// The server Playwright starts: the one-process mode on port 3100 with a fresh data directory,
// exactly as a newcomer's first `npm start`.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

process.env.PORT ??= '3100';
const dataDir = path.join(root, `.data-e2e-${process.env.PORT}`);
rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;
process.env.PUBLIC_URL ??= `http://127.0.0.1:${process.env.PORT}`;
process.env.ADMIN_EMAIL ??= 'admin@e2e.test';
process.env.ADMIN_PASSWORD ??= 'E2e-Admin-Passw0rd!';
process.env.LOG_LEVEL ??= 'warn';
// The AI specs point providers at a fake Chat Completions server on 127.0.0.1, which the outbound guard refuses
// unless the deployment allows private addresses (docs/ai-providers.md).
process.env.AI_ALLOW_PRIVATE_NETWORK ??= 'true';
// Likewise the webhook specs' receiver on 127.0.0.1 (tests/e2e/settings/integrations.spec.ts; README).
process.env.WEBHOOK_ALLOW_PRIVATE_NETWORK ??= 'true';
// Mail goes to the SMTP sink that mail-reading specs start on this port (tests/e2e/support/mail-sink.ts); mail sent
// while no sink listens is retried by the mail job, so other specs are unaffected.
process.env.SMTP_URL ??= `smtp://127.0.0.1:${Number(process.env.PORT) + 25}`;
buildIfNeeded();
await import('../api/dist/main-all.js');
