import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Clock } from './lib/clock';
import type { ReadCache } from './lib/read-cache';
import type { Mailer } from './adapters/mail';
import type { FileStorage } from './adapters/storage/types';

/** What every route and service of one server instance shares. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  storage: FileStorage;
  mailer: Mailer;
  /** Answers kept between writes (lib/read-cache.ts). */
  readCache: ReadCache;
}
