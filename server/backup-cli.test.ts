import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread } from './db/client';
import { users } from './db/schema';
import { jobsPause } from './services/jobs-pause';
import { createUser } from './services/users';
import { PROCESS_TEST_MS } from './test/process';

/** The command as `npm run backup|restore -- FILE` runs it, from the sources. */
function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/backup-cli.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', APPA_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
}

let root: string;
const dir = (name: string) => path.join(root, name);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'appa-cli-'));
  // The embedded database of an organisation, as a server left it.
  const database = await openPgliteThread({ dataDir: path.join(dir('source'), 'pglite') });
  await createUser(database.db, {
    email: 'ana@example.com',
    fullName: 'Ana Respaldada',
    role: 'ADMIN',
    managerId: null,
    unidadOrganizacional: null,
    cargo: null,
    password: 'Clave-de-ana-segura',
    mustChangePassword: false,
  });
  await database.close();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('npm run backup / npm run restore', () => {
  it(
    'backs up an embedded database and restores it into an empty one, with jobs paused',
    async () => {
      const archive = dir('respaldo.tar.gz');
      const made = await cli(['backup', archive], { DATA_DIR: dir('source') });
      expect(made.output).toContain(`Respaldo escrito en ${archive}`);
      expect(made.code).toBe(0);

      const restored = await cli(['restore', archive], { DATA_DIR: dir('copy') });
      expect(restored.output).toContain('restaurado');
      expect(restored.output).toContain('quedan en pausa');
      expect(restored.code).toBe(0);
      const copy = await openPgliteThread({ dataDir: path.join(dir('copy'), 'pglite') });
      try {
        expect((await copy.db.select().from(users)).map((u) => u.fullName)).toEqual([
          'Ana Respaldada',
        ]);
        expect(await jobsPause(copy.db)).toMatchObject({ reason: 'restore' });
      } finally {
        await copy.close();
      }

      // Again into the same folder: not empty any more, refused.
      const again = await cli(['restore', archive], { DATA_DIR: dir('copy') });
      expect(again.output).toContain('La base de datos de destino no está vacía');
      expect(again.code).toBe(1);

      // An archive is never overwritten.
      const twice = await cli(['backup', archive], { DATA_DIR: dir('source') });
      expect(twice.output).toContain('ya existe');
      expect(twice.code).toBe(1);
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses while a server holds the data folder, naming it, and writes nothing',
    async () => {
      // This test's own process plays the server that holds DATA_DIR.
      fs.writeFileSync(path.join(dir('source'), 'appa.pid'), `${process.pid}\n`);
      try {
        const archive = dir('en-marcha.tar.gz');
        const made = await cli(['backup', archive], { DATA_DIR: dir('source') });
        expect(made.output).toContain(`Otro proceso de APPA (PID ${process.pid})`);
        expect(made.output).toContain('descarga el respaldo desde Super Admin');
        expect(made.code).toBe(1);
        expect(fs.existsSync(archive)).toBe(false);
      } finally {
        fs.rmSync(path.join(dir('source'), 'appa.pid'));
      }
    },
    PROCESS_TEST_MS,
  );

  it(
    'refuses a file that is not an archive without creating a database',
    async () => {
      fs.writeFileSync(dir('roto.tar.gz'), 'no soy un respaldo');
      const restored = await cli(['restore', dir('roto.tar.gz')], { DATA_DIR: dir('other') });
      expect(restored.output).toContain('no es un respaldo de APPA legible');
      expect(restored.code).toBe(1);
      expect(fs.existsSync(path.join(dir('other'), 'pglite'))).toBe(false);
    },
    PROCESS_TEST_MS,
  );

  it(
    'says how it is used',
    async () => {
      const wrong = await cli(['restaurar'], { DATA_DIR: dir('other') });
      expect(wrong.output).toContain('Uso: npm run backup -- ARCHIVO.tar.gz');
      expect(wrong.code).toBe(1);
    },
    PROCESS_TEST_MS,
  );
});
