import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  beginBuild,
  BUILD_INPUTS,
  finishBuild,
  hashBuildInputs,
  whyBuild,
} from '../scripts/lib/build-inputs.mjs';
import { freePort, PROCESS_START_MS, PROCESS_TEST_MS, waitFor } from './test/process';

/**
 * How an operator runs APPA: `npm start` (builds when the sources changed, then serves) and
 * `npm run serve` (the built server alone, on a tree installed without devDependencies), each
 * stopped by a signal sent to npm, as systemd or a terminal sends it.
 */

const repo = path.resolve(import.meta.dirname, '..');
type PackageJson = {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as PackageJson;
const lock = JSON.parse(fs.readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { dev?: boolean }>;
};

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

describe('the build stamp', () => {
  /** A tree with one file in each input and the outputs a complete build leaves. */
  const tree = () => {
    const root = tempDir('appa-stamp-');
    write(path.join(root, 'client/src/main.tsx'), 'export {};\n');
    write(path.join(root, 'server/index.ts'), 'export {};\n');
    write(path.join(root, 'common/roles.ts'), 'export {};\n');
    write(path.join(root, 'package-lock.json'), '{}\n');
    write(path.join(root, 'dist/server/index.js'), '');
    write(path.join(root, 'dist/client/index.html'), '');
    return root;
  };

  it('asks for a build until one finished, and not after', () => {
    const root = tree();
    expect(whyBuild(root)).toBe('no hay una compilación completa en dist/');
    beginBuild(root);
    // A build that began and did not finish is no build.
    expect(whyBuild(root)).toBe('no hay una compilación completa en dist/');
    finishBuild(root);
    expect(whyBuild(root)).toBeNull();
  });

  it('asks again when a source, the lock file or a file list changes, not for a test file', () => {
    const root = tree();
    const built = () => {
      beginBuild(root);
      finishBuild(root);
    };
    built();
    write(path.join(root, 'server/index.test.ts'), 'it("x", () => {});\n');
    expect(whyBuild(root)).toBeNull();

    write(path.join(root, 'client/src/main.tsx'), 'export const x = 1;\n');
    expect(whyBuild(root)).toBe('las fuentes cambiaron desde la última compilación');
    built();
    write(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}\n');
    expect(whyBuild(root)).toBe('las fuentes cambiaron desde la última compilación');
    built();
    fs.renameSync(path.join(root, 'common/roles.ts'), path.join(root, 'common/roles2.ts'));
    expect(whyBuild(root)).toBe('las fuentes cambiaron desde la última compilación');
    built();
    fs.rmSync(path.join(root, 'dist/client'), { recursive: true });
    expect(whyBuild(root)).toBe('a dist/ le faltan archivos');
  });

  it('stamps what the build began with, so an edit made meanwhile builds again', () => {
    const root = tree();
    beginBuild(root);
    write(path.join(root, 'server/index.ts'), 'export const edited = true;\n');
    finishBuild(root);
    expect(whyBuild(root)).toBe('las fuentes cambiaron desde la última compilación');
  });

  it('covers every file the server bundle is built from', async () => {
    const { metafile } = await build({
      entryPoints: [path.join(repo, 'server/index.ts')],
      absWorkingDir: repo,
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.length).toBeGreaterThan(50);
    const covered = (file: string) =>
      BUILD_INPUTS.some((input) => file === input || file.startsWith(`${input}/`));
    expect(inputs.filter((file) => !covered(file))).toEqual([]);
  });

  it('covers every file the build reads in this repository', () => {
    for (const input of BUILD_INPUTS) expect(fs.existsSync(path.join(repo, input))).toBe(true);
    expect(pkg.scripts.build).toMatch(/^node scripts\/build-stamp\.mjs begin && /);
    expect(pkg.scripts.build).toMatch(/ && node scripts\/build-stamp\.mjs finish$/);
    expect(hashBuildInputs(repo)).toMatch(/^[0-9a-f]{64}$/);
  });
});

/** The package a bare specifier names: `pg`, `@aws-sdk/client-s3` from `@aws-sdk/client-s3/x`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The bare modules a built file imports. esbuild writes each static import as a statement of its
 * own (`import x from "pkg";`, over several lines when it names many) and keeps `import("pkg")`.
 */
function bareImports(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8');
  const statement =
    /^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)";|^import\s*"([^"]+)";|\bimport\(\s*"([^"]+)"\s*\)/gms;
  const found = new Set<string>();
  for (const match of code.matchAll(statement)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? '';
    if (specifier.startsWith('.') || specifier.startsWith('/')) continue;
    if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
    found.add(packageOf(specifier));
  }
  return [...found].sort();
}

/** `npm run <script>` in `cwd`, its output kept, and its exit code (128 + n for a signal n). */
function npmRun(script: string, cwd: string, env: Record<string, string>) {
  const child = spawn('npm', ['run', script], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) =>
      resolve(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : null)),
    ),
  );
  return { child, exited, output: () => output };
}

/** `npm run <script>` of `tree` on a free port and a fresh data folder, once it answers ready. */
async function npmServer(script: string, tree: string) {
  const port = await freePort();
  const npm = npmRun(script, tree, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: tempDir('appa-data-'),
    APPA_DEMO: '0',
  });
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok,
    `npm run ${script} ready`,
    { exited: npm.exited, timeoutMs: PROCESS_START_MS },
  );
  return { ...npm, port };
}

/** The server's own process id, from its "listening" log line. */
function serverPid(output: string): number {
  for (const line of output.split('\n')) {
    if (!line.includes('APPA escuchando')) continue;
    const { pid } = JSON.parse(line) as { pid: number };
    return pid;
  }
  throw new Error(`the server did not say it listens:\n${output}`);
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('a built tree', () => {
  /**
   * What a deploy copies: package.json, the lock file, the start scripts and dist/, with the
   * server really built (the client is one page: the server serves whatever dist/client holds).
   * Its node_modules is this repository's, devDependencies included: which modules the server
   * loads is checked against `dependencies` below.
   */
  let tree = '';
  beforeAll(async () => {
    tree = tempDir('appa-tree-');
    for (const file of [
      'package.json',
      'package-lock.json',
      'scripts/start.mjs',
      'scripts/build-stamp.mjs',
      'scripts/lib/build-inputs.mjs',
    ]) {
      fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      fs.copyFileSync(path.join(repo, file), path.join(tree, file));
    }
    fs.symlinkSync(path.join(repo, 'node_modules'), path.join(tree, 'node_modules'), 'dir');
    await promisify(execFile)(
      process.execPath,
      [path.join(repo, 'scripts/build-server.mjs'), path.join(tree, 'dist/server')],
      { cwd: repo },
    );
    write(path.join(tree, 'dist/client/index.html'), '<!doctype html><title>APPA</title>\n');
    beginBuild(tree);
    finishBuild(tree);
  }, PROCESS_START_MS);

  it('loads only packages that `npm ci --omit=dev` installs', () => {
    const used = [
      ...bareImports(path.join(tree, 'dist/server/index.js')),
      ...bareImports(path.join(tree, 'dist/server/pglite-worker.mjs')),
    ];
    // The scan found the imports (it would pass on an empty list).
    expect(used).toEqual(expect.arrayContaining(['fastify', 'pg', '@electric-sql/pglite']));
    const notInDependencies = used.filter((name) => !(name in pkg.dependencies));
    expect(notInDependencies).toEqual([]);
    // Installed from the lock file, and not marked there as for development only.
    const entry = (name: string) => lock.packages[`node_modules/${name}`];
    expect(used.filter((name) => !entry(name) || entry(name)?.dev)).toEqual([]);
  });

  it('serves with node alone: `npm run serve` runs no tool of the devDependencies', () => {
    // `exec`, so that npm's shell becomes the server and npm's signals reach it.
    expect(pkg.scripts.serve).toBe('exec node dist/server/index.js');
    expect(pkg.scripts.start).toBe('exec node scripts/start.mjs');
    const startImports = bareImports(path.join(repo, 'scripts/start.mjs'));
    expect(startImports).toEqual([]);
  });

  for (const [script, signal] of [
    ['serve', 'SIGTERM'],
    ['serve', 'SIGINT'],
    ['start', 'SIGTERM'],
  ] as const) {
    it(
      `npm run ${script}: ${signal} to npm stops the server, frees the port, exits 0`,
      async () => {
        const npm = await npmServer(script, tree);
        const pid = serverPid(npm.output());
        npm.child.kill(signal);
        expect(await npm.exited).toBe(0);
        await waitFor(async () => !running(pid), 'the server process gone', {
          timeoutMs: PROCESS_START_MS,
        });
        expect(await portFree(npm.port)).toBe(true);
        // The tree was built for these sources: `npm start` did not build again.
        expect(npm.output()).not.toContain('Compilando');
      },
      PROCESS_TEST_MS,
    );
  }

  it(
    'npm start builds a tree whose sources changed since its build, then serves it',
    async () => {
      // The same tree and scripts, with a build that only counts its runs (the real one needs the
      // sources and takes a minute).
      const stale = tempDir('appa-stale-');
      fs.cpSync(tree, stale, { recursive: true, verbatimSymlinks: true });
      const copy = JSON.parse(
        fs.readFileSync(path.join(stale, 'package.json'), 'utf8'),
      ) as PackageJson;
      copy.scripts.build =
        "node scripts/build-stamp.mjs begin && node -e \"fs.appendFileSync('builds.txt', '1')\" && node scripts/build-stamp.mjs finish";
      write(path.join(stale, 'package.json'), JSON.stringify(copy, null, 2));
      write(path.join(stale, 'client/src/new-screen.tsx'), 'export {};\n');

      // The first start builds; the second finds the build current.
      for (const builds of [true, false]) {
        const npm = await npmServer('start', stale);
        expect(npm.output().includes('Compilando APPA: las fuentes cambiaron')).toBe(builds);
        expect(fs.readFileSync(path.join(stale, 'builds.txt'), 'utf8')).toBe('1');
        npm.child.kill('SIGTERM');
        expect(await npm.exited).toBe(0);
      }
    },
    PROCESS_TEST_MS,
  );
});
