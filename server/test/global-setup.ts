import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

export const TEMPLATE_DB = 'appa_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir (tarball) that each test file clones. */
    pgliteSnapshot: string;
    /** With DATABASE_URL: the URL of the migrated template database. */
    postgresTemplateUrl: string;
  }
}

/** Migrates once; each test file then starts from a copy (PGlite) or a template (PostgreSQL). */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${TEMPLATE_DB}`);
    await admin.end();
    const templateUrl = withDatabase(url, TEMPLATE_DB);
    const database = await openPostgres(templateUrl);
    await database.close();
    project.provide('postgresTemplateUrl', templateUrl);
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = await openPglite({ memory: true });
  const dump = await database.pglite.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'appa-test-')), 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  project.provide('postgresTemplateUrl', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
