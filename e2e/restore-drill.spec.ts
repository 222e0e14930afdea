import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, waitFor } from '../scripts/lib/net.mjs';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminCredentials } from './support/demo-users';
import { notices } from './support/forms';
import { ORIGIN, signInViaApi } from './support/session';

/** Runs a built command to its end; answers its exit code and output. */
function run(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return {
    child,
    output: () => output,
    exited: new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))),
  };
}

let dir = '';
let server: ChildProcess | null = null;
test.afterEach(() => {
  server?.kill('SIGTERM');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('the restore drill: the panel backup restored elsewhere starts with jobs paused until resumed', async ({
  page,
  request,
}) => {
  dir = mkdtempSync(path.join(tmpdir(), 'appa-drill-'));
  const archive = path.join(dir, 'respaldo.tar.gz');
  const dataDir = path.join(dir, 'copia');

  // The administrator downloads the backup from the running organisation.
  const login = await request.post('/api/auth/login-username', {
    data: adminCredentials(),
    headers: { Origin: ORIGIN },
  });
  expect(login.status()).toBe(200);
  const backup = await request.get('/api/admin/backup');
  expect(backup.status()).toBe(200);
  writeFileSync(archive, await backup.body());

  // The operator restores it into an empty data folder and starts a server there.
  const restore = run(['dist/server/backup-cli.js', 'restore', archive], { DATA_DIR: dataDir });
  expect(await restore.exited, restore.output()).toBe(0);
  const port = await freePort();
  const copy = run(['dist/server/index.js'], {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    APPA_DEMO: '0',
    APPA_ADMIN_USERNAME: '',
    APPA_ADMIN_PASSWORD: '',
    LOG_LEVEL: 'warn',
  });
  server = copy.child;
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${origin}/api/health`)).ok, 'the restored server', {
    exited: copy.exited,
    timeoutMs: 120_000,
  });
  expect(await (await fetch(`${origin}/api/ready`)).json()).toEqual({
    status: 'ready',
    jobs: 'paused',
  });

  // The administrator signs in on the copy with the same password, and sees the pause.
  const signIn = await page.request.post(`${origin}/api/auth/login-username`, {
    data: adminCredentials(),
    headers: { Origin: origin },
  });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto(`${origin}/admin?tab=configuracion`);
  const notice = page.getByRole('region', { name: 'Tareas programadas en pausa' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Esta base de datos se restauró desde un respaldo del');
  await expectNoSeriousA11yViolations(page);

  await notice.getByRole('button', { name: 'Reanudar tareas programadas' }).click();
  await expect(notices(page).getByText('Tareas programadas reanudadas')).toBeVisible();
  await expect(notice).toBeHidden();
  expect(await (await fetch(`${origin}/api/ready`)).json()).toEqual({
    status: 'ready',
    jobs: 'running',
  });
});

test('Configuración shows no notice while jobs run', async ({ page }) => {
  await signInViaApi(page, adminCredentials());
  await page.goto('/admin?tab=configuracion');
  await expect(page.getByRole('heading', { name: 'Configuración del Sistema' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tareas programadas en pausa' })).toHaveCount(0);
});
