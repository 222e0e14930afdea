import { keepDedicated } from '../db/dedicated';

/** Another instance on this PostgreSQL database keeps attachments in its own folder. */
export class LocalFilesTaken extends Error {
  constructor() {
    super(
      'Otra instancia de APPA ya usa esta base de datos (DATABASE_URL) y guarda los adjuntos en su ' +
        'disco local: cada instancia vería solo sus propios archivos. Para varias instancias, ' +
        'configura un almacenamiento S3 (S3_BUCKET y las variables S3_*); para una sola, detén ' +
        'la otra.',
    );
  }
}

// Any constant works; it only has to be the same for every instance of the server.
const LOCAL_FILES_LOCK_KEY = 4_221_978;
/** How the holding connection shows in pg_stat_activity, unless DATABASE_URL names the application. */
export const LOCAL_FILES_APPLICATION_NAME = 'appa-local-files';
const RETRY_MS = 5_000;

/**
 * Attachments on local disk belong to one instance: with PostgreSQL, this instance holds a
 * session advisory lock on a connection of its own for as long as it runs, and a second
 * instance that finds it held refuses to start (LocalFilesTaken). If the holding connection is
 * lost (the database restarted), it is taken again; should another instance have taken it
 * meanwhile, `onConflict` is told, every few seconds, until this one gets it back.
 * Answers how to let it go.
 */
export async function claimLocalFiles(
  url: string,
  onConflict: (error: LocalFilesTaken) => void,
): Promise<() => Promise<void>> {
  const kept = await keepDedicated(
    url,
    LOCAL_FILES_APPLICATION_NAME,
    async (opening) => {
      const { rows } = await opening.query<{ held: boolean }>(
        'select pg_try_advisory_lock($1) as held',
        [LOCAL_FILES_LOCK_KEY],
      );
      if (!rows[0]?.held) throw new LocalFilesTaken();
    },
    {
      wait: () => RETRY_MS,
      failed(error) {
        if (error instanceof LocalFilesTaken) onConflict(error);
      },
    },
  );
  return () => kept.stop();
}
