import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { selfSignedCertificate } from './src/fakes/self-signed-certificate.js';

// E2E_PORT lets a second run (a fresh-clone CI check beside local work) use its own server and mail sink.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

// The fake OpenAI realtime server of the voice specs speaks TLS only (the SDK connects with wss): its certificate is
// made once per run, before the server starts, which trusts it as an extra root (NODE_EXTRA_CA_CERTS); workers read
// it from the directory the runner names in the environment they inherit.
if (!process.env.E2E_REALTIME_TLS_DIR) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aic-e2e-tls-'));
  const { key, cert } = selfSignedCertificate();
  writeFileSync(path.join(dir, 'key.pem'), key);
  writeFileSync(path.join(dir, 'cert.pem'), cert);
  process.env.E2E_REALTIME_TLS_DIR = dir;
}

export default defineConfig({
  testDir: './e2e',
  // One worker: every test shares the single server and its data directory.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    // Pinned so language detection and the OS theme do not depend on the machine running the tests.
    locale: 'en-GB',
    colorScheme: 'light',
    // The app honours it (transitions and spinners stop, client/src/styles/index.css): less to render, and nothing
    // for Playwright to wait on to settle.
    reducedMotion: 'reduce',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: `npx playwright install` cannot download browsers on our machines (notes/testing-tools.md).
      // Its headless shell (the package chromium-headless-shell, the build Playwright itself runs headless) when
      // installed: it does less per page than the whole browser, about 13 % less time for the same specs.
      executablePath: process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // Starts the one-process server on E2E_PORT (3100) with a fresh data directory.
    command: 'node ../scripts/e2e-server.mjs',
    env: { PORT: String(port), NODE_EXTRA_CA_CERTS: path.join(process.env.E2E_REALTIME_TLS_DIR, 'cert.pem') },
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
  },
});
