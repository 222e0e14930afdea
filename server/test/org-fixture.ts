import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../common/roles';
import { appaFiles } from '../db/schema';
import { buildReport } from './factories';
import { buildTestApp, buildUser, type TestApp } from './helper';
import { requestAs, type Person } from './review-fixture';

/** The test clock's week (2026-11-18 in Lima) and the one before it. */
export const THIS_WEEK = '2026-11-16';
export const LAST_WEEK = '2026-11-09';

/**
 * A small organisation with every role and a three-level hierarchy, keyed by short names:
 *
 * consejo, admin (no manager)
 * vp1 → g1 → l1, l2 · g2 → l3, l4          vp2 → g3 → l5, l6 · g4 → l7, l8
 * each leader lN → u(2N-1), u(2N)          (16 authors)
 *
 * This week everyone who reports has a report except u16 (pending); u15, l8 and g4 have drafts,
 * the rest sent. Every sent report has one file. Last week only vp1's area sent.
 */
export interface Organisation {
  people: Record<string, Person>;
  /** This week's report id by person key. */
  reports: Record<string, string>;
  /** Keys of those whose report this week is a draft. */
  drafts: ReadonlySet<string>;
  /** Last week's report id by person key. */
  lastWeek: Record<string, string>;
  managerOf: Record<string, string | null>;
  /** Keys of everyone below `key`, all levels. */
  below(key: string): string[];
  keyOf(id: string): string;
}

const DRAFTS = new Set(['u15', 'l8', 'g4']);
const PENDING = new Set(['u16']);

function shape(): [key: string, role: Role, manager: string | null][] {
  const rows: [string, Role, string | null][] = [
    ['consejo', 'CONSEJO', null],
    ['admin', 'ADMIN', null],
    ['vp1', 'VP', null],
    ['vp2', 'VP', null],
  ];
  for (let g = 1; g <= 4; g++) rows.push([`g${g}`, 'GERENTE', g <= 2 ? 'vp1' : 'vp2']);
  for (let l = 1; l <= 8; l++) rows.push([`l${l}`, 'LIDER', `g${Math.ceil(l / 2)}`]);
  for (let u = 1; u <= 16; u++) rows.push([`u${u}`, 'USER', `l${Math.ceil(u / 2)}`]);
  return rows;
}

const NAMES: Record<Role, string> = {
  CONSEJO: 'Consejera',
  ADMIN: 'Administradora',
  VP: 'Vicepresidente',
  GERENTE: 'Gerente',
  LIDER: 'Líder',
  USER: 'Autor',
};

export async function buildOrganisation(t: Pick<TestApp, 'db'>): Promise<Organisation> {
  const people: Record<string, Person> = {};
  const managerOf: Record<string, string | null> = {};
  for (const [key, role, manager] of shape()) {
    const managerId = manager ? people[manager]?.id : null;
    const number = key.replace(/\D/g, '');
    const person = await buildUser(t, {
      role,
      managerId,
      fullName: `${NAMES[role]} ${number.padStart(2, '0')} ${key}`,
      unidadOrganizacional: `Unidad ${manager ?? key}`,
      cargo: role,
    });
    people[key] = person;
    managerOf[key] = manager;
  }

  const reports: Record<string, string> = {};
  const lastWeek: Record<string, string> = {};
  const submit = async (key: string, weekStart: string, status: 'ENVIADO' | 'BORRADOR') => {
    const person = people[key];
    if (!person) throw new Error(`no ${key}`);
    const row = await buildReport(t, {
      user: person,
      weekStart,
      status,
      avances: `Avances de ${key}`,
      kpiNombre: `KPI ${key}`,
      kpiMetaPct: 80,
      kpiLogroPct: weekStart === THIS_WEEK ? 90 : 70,
    });
    if (status === 'ENVIADO' && weekStart === THIS_WEEK) {
      await t.db.insert(appaFiles).values({
        submissionId: row.id,
        fileName: `${key}.pdf`,
        storagePath: `fixture/${row.id}`,
        sizeBytes: 100,
      });
    }
    return row.id;
  };
  for (const [key, role] of shape()) {
    if (role === 'CONSEJO' || role === 'ADMIN' || PENDING.has(key)) continue;
    reports[key] = await submit(key, THIS_WEEK, DRAFTS.has(key) ? 'BORRADOR' : 'ENVIADO');
  }
  const keys = Object.keys(people);
  const below = (key: string): string[] =>
    keys.filter((k) => managerOf[k] === key).flatMap((k) => [k, ...below(k)]);
  for (const key of ['vp1', ...below('vp1')])
    lastWeek[key] = await submit(key, LAST_WEEK, 'ENVIADO');

  const byId = new Map(keys.map((k) => [people[k]?.id, k]));
  return {
    people,
    reports,
    drafts: DRAFTS,
    lastWeek,
    managerOf,
    below,
    keyOf: (id) => byId.get(id) ?? id,
  };
}

/** Person keys sorted, for comparing sets. */
export const sorted = (keys: Iterable<string>) => [...keys].sort();

/**
 * A test file's app with the fixture organisation: `as(person('g1'), 'GET', url)`. The app and the
 * organisation are built once per file, before its tests.
 */
export function useOrganisation() {
  let app: TestApp | undefined;
  let built: Organisation | undefined;
  beforeAll(async () => {
    app = await buildTestApp();
    built = await buildOrganisation(app);
  });
  afterAll(() => app?.close());
  const t = () => {
    if (!app) throw new Error('the app is built in beforeAll');
    return app;
  };
  const org = () => {
    if (!built) throw new Error('the organisation is built in beforeAll');
    return built;
  };
  const person = (key: string) => {
    const found = org().people[key];
    if (!found) throw new Error(`no ${key}`);
    return found;
  };
  return { t, org, person, as: requestAs(t) };
}
