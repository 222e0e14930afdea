import fs from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { JOBS, startScheduler } from './jobs';
import { systemClock } from './lib/clock';
import { loggerOptions } from './lib/logging';
import { DataDirLocked, lockDataDir } from './lib/data-dir-lock';
import { claimLocalFiles, LocalFilesTaken } from './lib/local-files-lock';
import { createReadCache } from './lib/read-cache';
import { bootstrapDatabase } from './services/bootstrap';
import { defaultHost, isDemoDatabase } from './services/demo';
import { createMailer } from './adapters/mail';
import { createMetrics } from './adapters/metrics';
import { buildMetricsServer } from './plugins/metrics';
import { createStorage } from './adapters/storage';

/**
 * A data folder made by an earlier version (or by hand) may be open to every user of the machine;
 * closing the folder closes what it holds. It is created later, by what first writes in it.
 */
function restrictDataDir(dataDir: string) {
  try {
    fs.chmodSync(dataDir, 0o700);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // What the server writes (the embedded database, attachments, the mail outbox, the demo
  // credentials) holds people's reports and secrets: readable by the server's own user only.
  process.umask(0o077);
  restrictDataDir(config.dataDir);
  // The embedded database is this process's alone: a second server on the folder stops here.
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLocked) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
    process.on('exit', () => release());
  }

  const database = await openDatabase(config);
  // Attachments on this machine's disk are invisible to another instance: on PostgreSQL, a second
  // instance without S3 stops here.
  let releaseFiles = async () => {};
  if (config.databaseUrl && !config.s3) {
    try {
      releaseFiles = await claimLocalFiles(config.databaseUrl, (error) =>
        console.error(error.message),
      );
    } catch (error) {
      if (error instanceof LocalFilesTaken) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const storage = await createStorage(config, database.db);
  const mailer = createMailer(config);
  const readCache = createReadCache({
    clock: systemClock,
    sharedLagMs: config.sharedViewsLagMs,
    // While other instances' writes and revocations may be unheard, nothing kept is served.
    trusted: () => database.notificationsDown() === null,
  });
  // Kept only when they are served (METRICS_PORT or METRICS_TOKEN); the jobs report to them too.
  const metrics = config.metrics ? createMetrics() : undefined;
  const app = await buildApp({
    config,
    database,
    storage,
    mailer,
    readCache,
    metrics,
    logger: loggerOptions(config.logLevel),
  });
  await bootstrapDatabase(database.db, config, app.log);

  // Automatic reminders and housekeeping, inside this process (see server/jobs), unless turned off.
  const ctx = { config, database, db: database.db, clock: systemClock, storage, mailer, readCache };
  const scheduler = config.jobsEnabled
    ? startScheduler(ctx, app.log, JOBS, undefined, metrics?.jobRan)
    : null;
  if (!scheduler) {
    app.log.warn(
      'Tareas programadas desactivadas (APPA_JOBS=0): no se envían recordatorios, resúmenes ni reintentos de correo',
    );
  }

  const metricsPort = config.metrics?.port;
  const metricsServer =
    metrics && metricsPort !== undefined
      ? buildMetricsServer(metrics, config.metrics?.token, app.log.child({ listener: 'metrics' }))
      : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} recibido: cerrando el servidor`);
    // Past the grace, the process exits 1 with requests still open: a supervisor (systemd) then
    // records a stop that was not clean, and a request cut short is the client's to retry.
    const force = setTimeout(() => {
      app.log.warn(
        `cierre forzado tras ${config.shutdownGraceMs / 1000} s (SHUTDOWN_GRACE_SECONDS): quedaban peticiones o tareas en curso`,
      );
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    try {
      // At once: no new connection is accepted, live streams are told to reconnect elsewhere and
      // end (plugins/live.ts), idle connections close; requests in flight and a job that is
      // running get the grace to finish. The database closes after both.
      await Promise.all([app.close(), scheduler?.stop(), metricsServer?.close()]);
      await releaseFiles();
      await database.close();
      app.log.info('servidor detenido');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error al cerrar');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // A demo database listens for this machine only unless HOST says otherwise: its accounts'
  // passwords are in a file and, without a configured administrator, anyone here may enter.
  const demo = await isDemoDatabase(database.db);
  const host = config.host ?? defaultHost(demo);
  await app.listen({ port: config.port, host });
  // On the server's own address: where the server is reachable, so is its scraper's target (a
  // firewall, or METRICS_TOKEN as well, keeps it from the public).
  if (metricsServer && metricsPort !== undefined) {
    await metricsServer.listen({ port: metricsPort, host });
    app.log.info(
      `métricas en http://${host === '0.0.0.0' ? 'localhost' : host}:${metricsPort}/metrics`,
    );
  }
  app.log.info(
    `APPA escuchando en http://${host === '0.0.0.0' ? 'localhost' : host}:${config.port} (base de datos: ${database.kind === 'pglite' ? `embebida en ${config.dataDir}` : 'PostgreSQL'}${demo ? ', demostración' : ''})`,
  );
}

main().catch((error: unknown) => {
  console.error('No se pudo iniciar el servidor:', error);
  process.exit(1);
});
