// The production path for real: `node scripts/ci/production-tree.mjs` (after `npm run build`)
// copies what a deploy ships (dist/, package.json, package-lock.json) to a temporary folder,
// installs it with `npm ci --omit=dev` from npm's cache alone (the `npm ci` before it filled the
// cache, so nothing is fetched and nothing can time out), checks that no devDependency came
// along, starts `npm run serve` on a fresh embedded database, waits until it is ready, sends
// SIGTERM to npm and expects exit 0 with the server gone. Exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '../lib/net.mjs';

const repo = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-production-'));
const dataDir = path.join(tree, 'data');

function fail(message) {
  console.error(`production tree: ${message}`);
  process.exitCode = 1;
}

try {
  if (!fs.existsSync(path.join(repo, 'dist/build-stamp.json'))) {
    throw new Error('no complete build in dist/: run `npm run build` first');
  }
  fs.cpSync(path.join(repo, 'dist'), path.join(tree, 'dist'), { recursive: true });
  for (const file of ['package.json', 'package-lock.json']) {
    fs.copyFileSync(path.join(repo, file), path.join(tree, file));
  }

  const install = spawnSync(
    'npm',
    ['ci', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: tree, stdio: 'inherit' },
  );
  if (install.status !== 0) throw new Error(`npm ci --omit=dev exited ${install.status}`);
  // What the lock file marks as for development only (some type packages are also needed by a
  // dependency, and come along rightly).
  const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8'));
  const devInstalled = Object.keys(pkg.devDependencies).filter(
    (name) =>
      lock.packages[`node_modules/${name}`]?.dev &&
      fs.existsSync(path.join(tree, 'node_modules', name)),
  );
  if (devInstalled.length > 0) throw new Error(`devDependencies installed: ${devInstalled}`);
  console.log('production tree: installed without devDependencies');

  const port = await freePort();
  const npm = spawn('npm', ['run', 'serve'], {
    cwd: tree,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APPA_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) =>
    npm.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok, 'ready', {
    exited,
    timeoutMs: 300_000,
  });
  console.log('production tree: npm run serve is ready; sending SIGTERM to npm');
  npm.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`npm run serve exited ${code} after SIGTERM`);
  // The server would hold the data folder's lock file while it runs.
  if (fs.existsSync(path.join(dataDir, 'appa.pid'))) throw new Error('the server is still running');
  console.log('production tree: stopped cleanly');
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  fs.rmSync(tree, { recursive: true, force: true });
}
