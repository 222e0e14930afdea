import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Set once in the runner; the test server and the workers inherit them.
process.env.E2E_PORT ??= '5100';
// A second server, as a bare `npm start` makes it: the demo pages' password-less sign-in.
process.env.E2E_FIRST_LOOK_PORT ??= String(Number(process.env.E2E_PORT) + 1000);
// A new folder per run, so that no server left over from another run shares its database.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'appa-e2e-'));
process.env.E2E_ADMIN_PASSWORD ??= `e2e-${randomBytes(12).toString('base64url')}`;

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

// Each worker drives a Chromium that renders, and the one test server answers them all: more than
// one worker per two cores only makes every test slower. E2E_WORKERS overrides it.
const workers =
  Number(process.env.E2E_WORKERS) || Math.max(1, Math.floor(availableParallelism() / 2));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: true,
  workers,
  retries: 0,
  // Ceilings, not expected durations: a passing test takes a fraction of them, but a machine
  // busy with other work may be several times slower than an idle one, and must not fail for it.
  timeout: 120_000,
  expect: { timeout: 20_000, toPass: { timeout: 40_000 } },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
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
  projects: [
    { name: 'main', testIgnore: /admin-settings\.spec\.ts/ },
    // Changes organisation-wide settings (the file limit) that other tests read: runs after them.
    { name: 'settings', testMatch: /admin-settings\.spec\.ts/, dependencies: ['main'] },
  ],
  // Every run starts from fresh databases: never reuse a server started by someone else. A first
  // start seeds the demo organisation and hashes every demo password: slow when busy.
  webServer: [
    {
      command: 'node e2e/start-test-server.mjs',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'node e2e/start-test-server.mjs first-look',
      url: `http://127.0.0.1:${process.env.E2E_FIRST_LOOK_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
