// What `npm run build` reads, hashed, and the stamp the build leaves in dist/ saying which inputs it
// was built from: `npm start` builds again only when they differ (scripts/start.mjs).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Every file or folder the build's output depends on: the client (Vite's root, index.html and its
 * public folder included), the server and the code both share, the configuration of Vite, esbuild
 * (through tsconfig) and the build scripts, and the exact versions of what is bundled.
 */
export const BUILD_INPUTS = [
  'client',
  'server',
  'common',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/compress-assets.mjs',
  'scripts/lib/build-inputs.mjs',
];

/** Test files are never imported by what is built: editing one does not make the build stale. */
const NOT_BUILT = /\.test\.[cm]?[jt]sx?$/;

/** Written by the last step of `npm run build`; a build that failed half-way leaves none. */
export const STAMP = 'dist/build-stamp.json';
/** Written by the first step, with the inputs as they were when the build began. */
const PENDING = 'dist/build-stamp.pending.json';

/** What a complete build has; a stamp beside a folder someone deleted says nothing. */
const OUTPUTS = ['dist/server/index.js', 'dist/client/index.html'];

function* filesOf(root, relative) {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield relative;
    return;
  }
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) yield* filesOf(root, child);
    else if (entry.isFile() && !NOT_BUILT.test(entry.name)) yield child;
  }
}

/** One SHA-256 over the path and content of every input file of `root`, in a fixed order. */
export function hashBuildInputs(root) {
  const files = BUILD_INPUTS.flatMap((input) => [...filesOf(root, input)]).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    // The path too, so that a renamed or deleted file changes the hash.
    hash.update(`${file}\0`);
    hash.update(
      createHash('sha256')
        .update(fs.readFileSync(path.join(root, file)))
        .digest(),
    );
  }
  return hash.digest('hex');
}

/** Why `root` must be built before it can run, or null when dist/ was built from these sources. */
export function whyBuild(root) {
  let stamp;
  try {
    stamp = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8'));
  } catch {
    return 'no hay una compilación completa en dist/';
  }
  if (OUTPUTS.some((output) => !fs.existsSync(path.join(root, output)))) {
    return 'a dist/ le faltan archivos';
  }
  if (stamp.inputs !== hashBuildInputs(root)) {
    return 'las fuentes cambiaron desde la última compilación';
  }
  return null;
}

/** The build's first step: forget the old stamp, remember the inputs being built. */
export function beginBuild(root) {
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.rmSync(path.join(root, STAMP), { force: true });
  const pending = { inputs: hashBuildInputs(root), startedAt: new Date().toISOString() };
  fs.writeFileSync(path.join(root, PENDING), `${JSON.stringify(pending, null, 2)}\n`);
}

/**
 * The build's last step: the inputs it began with become the stamp. Sources edited while it ran
 * do not match it, so the next start builds again.
 */
export function finishBuild(root) {
  fs.renameSync(path.join(root, PENDING), path.join(root, STAMP));
}
