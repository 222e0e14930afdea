// Starts the built server for the browser tests: a fresh embedded database in a temporary
// folder, the demo organisation, and a known first administrator.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/appa-e2e-data'; // playwright.config.ts sets it
rmSync(dataDir, { recursive: true, force: true });

const child = spawn(process.execPath, ['dist/server/index.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: process.env.E2E_PORT ?? '5100',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APPA_DEMO: '1',
    APPA_ADMIN_USERNAME: 'admin',
    APPA_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-clave-segura',
    LOG_LEVEL: 'warn',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
