// Bundles the server (and the common code it imports) into dist/server, next to its migrations and
// the embedded database's worker.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('server/db/migrations', 'dist/server/migrations', { recursive: true });
// The embedded database's thread is loaded by path (a worker's entry), not imported: it sits next
// to the bundle, as it sits next to server/db/client.ts in the sources.
cpSync('server/db/pglite-worker.mjs', 'dist/server/pglite-worker.mjs');
