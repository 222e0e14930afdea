// Starts the built server for the browser tests on a fresh embedded database in a temporary folder.
//   node e2e/start-test-server.mjs             the test organisation: the demo organisation
//                                              (APPA_DEMO=1) with a known first administrator
//   node e2e/start-test-server.mjs first-look  what someone trying APPA gets from a bare
//                                              `npm start`: nothing configured, a demo database
//                                              with password-less sign-in on this machine
// With E2E_DATABASE_URL (a PostgreSQL server), the test organisation lives in a fresh database
// `appa_e2e` on that server instead of the embedded one.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';

/** A new, empty database `appa_e2e` on the server of `url`; answers its URL. */
async function freshPostgresDatabase(url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists appa_e2e with (force)');
  await admin.query('create database appa_e2e');
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = '/appa_e2e';
  return fresh.toString();
}

const firstLook = process.argv[2] === 'first-look';
// playwright.config.ts sets both
const baseDir = process.env.E2E_DATA_DIR ?? '/tmp/appa-e2e-data';
const dataDir = firstLook ? `${baseDir}-first-look` : baseDir;
rmSync(dataDir, { recursive: true, force: true });

const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL:
    !firstLook && process.env.E2E_DATABASE_URL
      ? await freshPostgresDatabase(process.env.E2E_DATABASE_URL)
      : '',
  LOG_LEVEL: 'warn',
};
if (firstLook) {
  // No HOST: a demo database listens on 127.0.0.1 by itself.
  for (const name of ['HOST', 'APPA_DEMO', 'APPA_ADMIN_USERNAME', 'APPA_ADMIN_PASSWORD']) {
    delete env[name];
  }
  env.PORT = process.env.E2E_FIRST_LOOK_PORT ?? '6100';
} else {
  Object.assign(env, {
    PORT: process.env.E2E_PORT ?? '5100',
    HOST: '127.0.0.1',
    APPA_DEMO: '1',
    APPA_ADMIN_USERNAME: 'admin',
    APPA_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'admin-e2e-clave-segura',
  });
}

const child = spawn(process.execPath, ['dist/server/index.js'], {
  // The first look prints its temporary passwords: nobody needs them in the test output.
  stdio: firstLook ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
