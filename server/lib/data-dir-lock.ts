import fs from 'node:fs';
import path from 'node:path';

/** Another live process already serves the embedded database in this folder. */
export class DataDirLocked extends Error {
  constructor(
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      `Otro proceso de APPA (PID ${pid}) ya usa la base de datos embebida en ${dataDir}. ` +
        'Detén ese proceso o usa otro DATA_DIR. Para varias instancias, usa PostgreSQL (DATABASE_URL).',
    );
  }
}

const LOCK_FILE = 'appa.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // It exists, but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's alone: two servers on one DATA_DIR would each keep
 * their own copy in memory and lose each other's writes. Takes `DATA_DIR/appa.pid` for this
 * process, or throws `DataDirLocked` naming the live process that holds it; a file left by a
 * process that is gone (killed, crashed, or this very process id after a container restart) is
 * taken over. Answers how to let it go.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (Number(fs.readFileSync(file, 'utf8').trim()) === process.pid) fs.rmSync(file);
        } catch {
          // Already gone: nothing to let go.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = 0;
    try {
      holder = Number(fs.readFileSync(file, 'utf8').trim());
    } catch {
      // Removed between the two calls: try again.
    }
    if (holder && holder !== process.pid && isAlive(holder))
      throw new DataDirLocked(holder, dataDir);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not take ${file}`);
}
