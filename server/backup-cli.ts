import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ConfigError, loadConfig, type Config } from './config';
import { openPgliteThread, openPostgres, type Database } from './db/client';
import { DataDirLocked, lockDataDir } from './lib/data-dir-lock';
import { createBackup } from './adapters/backup/create';
import { BackupError } from './adapters/backup/manifest';
import { restoreIntoDatabase, verifyArchive } from './adapters/backup/restore';
import { objectStorage } from './adapters/storage';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`: the archive of the whole database and
 * its attachments, made or restored with the server's own configuration (DATABASE_URL or the
 * embedded database in DATA_DIR, and the configured file storage). Bundled into dist/server next
 * to the server, so that a built tree runs it without devDependencies.
 */

const USAGE =
  'Uso: npm run backup -- ARCHIVO.tar.gz  |  npm run restore -- ARCHIVO.tar.gz\n' +
  '(con la misma configuración que el servidor: DATABASE_URL o DATA_DIR, y S3_* si corresponde)';

class CliError extends Error {}

/** A path as the person typed it: npm runs scripts from the project folder, not from theirs. */
function fromCaller(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/**
 * The embedded database belongs to one process: while a server holds DATA_DIR this refuses,
 * naming it. Answers how to let the folder go.
 */
function takeDataDir(config: Config, hint: string): () => void {
  if (config.databaseUrl) return () => {};
  try {
    return lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLocked) throw new CliError(`${error.message} ${hint}`);
    throw error;
  }
}

async function openExisting(config: Config): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { migrate: false });
  const dir = path.join(config.dataDir, 'pglite');
  if (!fs.existsSync(dir))
    throw new CliError(
      `No hay una base de datos embebida en ${config.dataDir}: nada que respaldar.`,
    );
  return openPgliteThread({ dataDir: dir }, { migrate: false });
}

async function backup(config: Config, file: string) {
  if (fs.existsSync(file)) throw new CliError(`${file} ya existe: elige otro nombre.`);
  const release = takeDataDir(
    config,
    'Con el servidor en marcha, descarga el respaldo desde Super Admin (Respaldo completo).',
  );
  const database = await openExisting(config);
  const partial = `${file}.part`;
  try {
    const made = await createBackup({ database, storage: objectStorage(config) }, new Date());
    await pipeline(made.stream, fs.createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    fs.renameSync(partial, file);
    const rows = Object.values(made.counts).reduce((a, b) => a + b, 0);
    console.log(
      `Respaldo escrito en ${file}: ${Object.keys(made.counts).length} tablas, ${rows} filas y los archivos adjuntos.\n` +
        'Contiene los datos de todas las personas y las contraseñas cifradas: guárdalo con el mismo cuidado que la base de datos.',
    );
  } finally {
    fs.rmSync(partial, { force: true });
    await database.close();
    release();
  }
}

async function restore(config: Config, file: string) {
  if (!fs.existsSync(file)) throw new CliError(`No existe el archivo ${file}.`);
  const open = () => fs.createReadStream(file);
  // Every checksum is checked before the database is even opened.
  const manifest = await verifyArchive(open);
  const release = takeDataDir(config, 'Detén el servidor antes de restaurar.');
  // Not migrated on opening: a new database is migrated to the archive's level first.
  const database = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { migrate: false })
    : await openPgliteThread({ dataDir: path.join(config.dataDir, 'pglite') }, { migrate: false });
  try {
    const summary = await restoreIntoDatabase(
      database,
      objectStorage(config),
      open,
      new Date(),
      manifest,
    );
    const rows = Object.values(summary.counts).reduce((a, b) => a + b, 0);
    console.log(
      `Respaldo del ${manifest.createdAt} restaurado: ${rows} filas y ${summary.files} archivos adjuntos.\n` +
        'Las tareas programadas (recordatorios, resúmenes, limpieza y envío de correos) quedan en pausa ' +
        'hasta que un administrador las reanude en Configuración. Las sesiones no se restauran: ' +
        'todos deben iniciar sesión de nuevo.',
    );
  } finally {
    await database.close();
    release();
  }
}

async function main(argv: string[]) {
  const [command, file, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0)
    throw new CliError(USAGE);
  const config = loadConfig();
  // The archive holds people's data and password hashes: this user's alone.
  process.umask(0o077);
  if (command === 'backup') await backup(config, fromCaller(file));
  else await restore(config, fromCaller(file));
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof CliError || error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
    } else {
      console.error('El respaldo o la restauración falló:', error);
    }
    process.exit(1);
  },
);
