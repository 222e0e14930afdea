// `npm start`: builds first when there is no build or the sources changed since the last one
// (scripts/lib/build-inputs.mjs), then runs the built server in this very process. No process sits
// between npm and the server: the SIGTERM or SIGINT npm forwards is the server's to handle.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { whyBuild } from './lib/build-inputs.mjs';

const root = path.resolve(import.meta.dirname, '..');

/**
 * `npm run build`, with the signals this process gets passed on. Answers its exit code (128 plus
 * the signal's number when a signal ended it) and the signal, if any, that asked this process to
 * stop meanwhile.
 */
function build() {
  // Under npm, the very npm that runs this script; otherwise the one on PATH.
  const npm = process.env.npm_execpath;
  const child = npm
    ? spawn(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
    : spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  // The signal that asked this process to stop, if one did.
  let stopped = null;
  const forward = (signal) => {
    stopped = signal;
    child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve({ code: code ?? 128 + (constants.signals[signal] ?? 0), stopped });
    });
  });
}

const why = whyBuild(root);
if (why) {
  console.log(`Compilando APPA: ${why}.`);
  const { code, stopped } = await build();
  // Asked to stop while building: nothing to report, and no server to start.
  if (stopped) process.exit(128 + constants.signals[stopped]);
  if (code !== 0) {
    console.error(
      'La compilación falló; el servidor no se inicia. (Compilar necesita las devDependencies: `npm install`, no `npm ci --omit=dev`.)',
    );
    process.exit(code);
  }
}
await import(pathToFileURL(path.join(root, 'dist/server/index.js')).href);
