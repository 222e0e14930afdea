// Bundles the server and the backup command (and the common code they import) into dist/server,
// next to their migrations and the embedded database's worker. `node scripts/build-server.mjs
// FOLDER` writes them elsewhere (the deploy tests build a tree of their own).
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const out = process.argv[2] ?? 'dist/server';
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: ['server/index.ts', 'server/backup-cli.ts'],
  outdir: out,
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  // What npm installs stays out of the bundle: `npm ci --omit=dev` must install all of it, so it
  // must all be in `dependencies` (server/deploy.test.ts checks).
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', path.join(out, 'migrations'), { recursive: true });
// The embedded database's thread is loaded by path (a worker's entry), not imported: it sits next
// to the bundle, as it sits next to server/db/client.ts in the sources.
cpSync('server/db/pglite-worker.mjs', path.join(out, 'pglite-worker.mjs'));
