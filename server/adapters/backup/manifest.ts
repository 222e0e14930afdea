import { z } from 'zod';
import { BACKUP_FORMAT_VERSION } from '../../../common/schemas/demo';
import { OBJECT_KEY_PATTERN } from '../storage/types';

export const MANIFEST_ENTRY = 'manifest.json';
export const ARCHIVE_FORMAT = 'appa-backup';

/**
 * The archive's last entry: what it holds and the SHA-256 and size of every other entry. It is
 * written last because the attachments are measured as they stream into the archive.
 */
export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  /** The last migration applied to the database it was made from. */
  migration: z.object({ tag: z.string(), when: z.number() }),
  source: z.object({ database: z.enum(['pglite', 'postgres']), storage: z.enum(['local', 's3']) }),
  /** In the order they are restored: each after the tables it references. */
  tables: z.array(
    z.object({
      name: z.string().regex(/^[a-z_][a-z0-9_]*$/),
      entry: z.string(),
      rows: z.number().int().nonnegative(),
      columns: z.array(z.string()),
      primaryKey: z.array(z.string()),
      deferred: z.array(z.string()),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  files: z.array(z.object({ key: z.string().regex(OBJECT_KEY_PATTERN), entry: z.string() })),
  /** Objects the database names but the storage no longer had when the archive was made. */
  missingFiles: z.array(z.string()),
  entries: z.record(
    z.string(),
    z.object({ size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A backup or restore refused; the message says why, in Spanish, for the operator. */
export class BackupError extends Error {}

export const BACKUP_MSG = {
  notAnArchive: 'El archivo no es un respaldo de APPA legible (se esperaba un .tar.gz).',
  noManifest: 'El respaldo no tiene manifest.json: no es un respaldo de APPA o está incompleto.',
  badManifest: 'El manifest.json del respaldo no es válido.',
  newerFormat: (version: unknown) =>
    `El respaldo tiene el formato ${String(version)}, más nuevo que el que esta versión de APPA sabe leer (${BACKUP_FORMAT_VERSION}). Actualiza APPA y vuelve a intentarlo.`,
  olderFormat: (version: unknown) =>
    `El respaldo tiene el formato ${String(version)}, que no se puede restaurar (esta versión lee el formato ${BACKUP_FORMAT_VERSION}).`,
  checksum: (entry: string) =>
    `El contenido de «${entry}» no coincide con su suma de verificación: el respaldo está dañado o fue modificado. No se restauró nada.`,
  missingEntry: (entry: string) =>
    `Falta «${entry}» en el respaldo: está incompleto. No se restauró nada.`,
  unlistedEntry: (entry: string) =>
    `El respaldo contiene «${entry}», que su manifest.json no lista. No se restauró nada.`,
  newerMigration: (archive: string, database: string) =>
    `El respaldo viene de una versión más nueva de APPA (migración ${archive}; esta base de datos está en ${database}). Actualiza APPA antes de restaurar.`,
  olderMigration: (archive: string, database: string) =>
    `El respaldo viene de una versión anterior de APPA (migración ${archive}; esta base de datos ya está en ${database}). Restáuralo en una base de datos nueva, en la que nunca se haya iniciado el servidor: la restauración la prepara en la versión del respaldo y luego la actualiza.`,
  otherSchema: (tables: string[]) =>
    `Las tablas del respaldo no coinciden con las de esta base de datos (${tables.join(', ')}), aunque dice venir de la misma versión de APPA. No se cambió nada.`,
  notEmpty: (tables: string[]) =>
    `La base de datos de destino no está vacía (tiene datos en: ${tables.join(', ')}). Un respaldo solo se restaura en una base de datos nueva: un DATA_DIR vacío o una base de PostgreSQL recién creada, sin haber iniciado el servidor en ella. No se cambió nada.`,
} as const;
