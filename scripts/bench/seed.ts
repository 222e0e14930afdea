/**
 * Seeds an organisation at scale for `npm run bench`: 5,000 people in a hierarchy
 * (1 ADMIN, 3 CONSEJO, 8 VP, 40 GERENTE, 300 LIDER, the rest USER; BENCH_PEOPLE scales the
 * managers with it), 52 weeks of reports (BENCH_WEEKS), review
 * comments, tasks and attachment rows (no bytes). Into a fresh database: DATABASE_URL when set,
 * otherwise an embedded PGlite in DATA_DIR (a new temporary folder by default).
 *
 *   npx tsx scripts/bench/seed.ts            # prints the folder and the accounts as JSON
 *
 * Every account has the same password, BENCH_PASSWORD: Argon2 is slow on purpose, so it is hashed
 * once and the hash is reused for all 5,000 rows. The data is generated from a fixed seed, so two
 * runs build the same organisation (ids aside).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '../../common/roles';
import { weekFromStart, weekOf } from '../../common/week';
import { openDatabase, type Db } from '../../server/db/client';
import {
  appaFiles,
  appaSubmissions,
  reviewComments,
  reviewNotes,
  reviewTasks,
  users,
  type NewUserRow,
} from '../../server/db/schema';
import { reportsByRole } from '../../server/policies/actor';
import { hashPassword } from '../../server/services/passwords';
import { firstFreeIn, slugBase, usernameBase } from '../../server/services/users';

export const BENCH_PASSWORD = 'bench-Clave-2026!';
export const BENCH_TIMEZONE = 'America/Lima';

/** When the organisation's people joined: before any week the seed writes. */
const BENCH_JOINED = new Date('2020-01-06T12:00:00Z');
/** Written next to the embedded database, for BENCH_DATA_DIR. */
export const ACCOUNTS_FILE = 'bench-accounts.json';
/** Weeks of history, and people; BENCH_WEEKS and BENCH_PEOPLE change them (a larger organisation). */
const WEEKS = Number(process.env.BENCH_WEEKS || 52);
const USERS_TOTAL = Number(process.env.BENCH_PEOPLE || 5_000);
/** The managers grow with the organisation, as they would: the teams keep their size. */
const SCALE = USERS_TOTAL / 5_000;
const SHAPE: [Role, number][] = [
  ['ADMIN', 1],
  ['CONSEJO', 3],
  ['VP', Math.round(8 * Math.max(1, Math.sqrt(SCALE)))],
  ['GERENTE', Math.round(40 * SCALE)],
  ['LIDER', Math.round(300 * SCALE)],
];
/** Rows per INSERT: thousands per statement, under PostgreSQL's 65,535 parameters. */
const BATCH = 2_000;

/** The accounts the benchmark signs in with. */
export interface BenchAccounts {
  admin: string;
  consejo: string;
  vp: string;
  lider: string;
  /** A USER whose current week holds no report, so a draft save stays a draft. */
  author: string;
  /** Active USERs, for sign-ins spread over many accounts. */
  signIn: string[];
  /** Other active USERs: the authors of the Monday-morning scenario. */
  authors: string[];
}

export interface SeedResult {
  dataDir: string | undefined;
  weekStart: string;
  accounts: BenchAccounts;
  counts: Record<string, number>;
  seconds: number;
}

/** mulberry32: a small deterministic generator, so every run seeds the same organisation. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, pick, chance: (p: number) => next() < p };
}

const FIRST = [
  'Ana',
  'Luis',
  'María',
  'José',
  'Carmen',
  'Jorge',
  'Rosa',
  'Carlos',
  'Lucía',
  'Miguel',
  'Elena',
  'Pedro',
  'Sofía',
  'Andrés',
  'Valeria',
  'Diego',
  'Paula',
  'Raúl',
  'Isabel',
  'Fernando',
  'Gabriela',
  'Ricardo',
  'Patricia',
  'Hugo',
  'Claudia',
  'Óscar',
  'Daniela',
  'Sergio',
  'Mónica',
  'Víctor',
  'Natalia',
  'Alberto',
  'Teresa',
  'Manuel',
  'Julia',
  'Ramón',
  'Silvia',
  'Tomás',
];
const LAST = [
  'García',
  'Rodríguez',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Rivera',
  'Gómez',
  'Díaz',
  'Vargas',
  'Castro',
  'Rojas',
  'Mendoza',
  'Quispe',
  'Huamán',
  'Chávez',
  'Ruiz',
  'Núñez',
  'Salazar',
  'Paredes',
  'Cárdenas',
  'Vega',
  'Ríos',
  'Aguilar',
  'Medina',
  'Herrera',
  'Campos',
  'Silva',
  'Espinoza',
  'Delgado',
  'Córdova',
  'León',
  'Palacios',
  'Valdivia',
  'Zapata',
];
const UNITS = [
  'Finanzas',
  'Operaciones',
  'Comercial',
  'Marketing',
  'Tecnología',
  'Recursos Humanos',
  'Logística',
  'Legal',
  'Proyectos',
  'Calidad',
];
const AVANCES = [
  'Cerramos la conciliación mensual con el área contable y se enviaron los reportes al comité.',
  'Se completó la migración de clientes del piloto; quedan 12 cuentas por validar.',
  'Entregamos la propuesta comercial a tres clientes nuevos y se agendaron visitas.',
  'Terminamos las pruebas de aceptación del módulo de inventarios con el usuario final.',
  'Se capacitó al equipo en el nuevo procedimiento de compras; asistencia del 95 %.',
  'Se redujo el tiempo de atención de incidencias de 48 a 30 horas en promedio.',
];
const PLANES = [
  'Preparar el presupuesto del próximo trimestre y revisarlo con la gerencia.',
  'Cerrar los pendientes del piloto y pasar a producción el lunes.',
  'Hacer seguimiento a las propuestas enviadas y actualizar el pipeline.',
  'Documentar el proceso y entregar el manual al área usuaria.',
  'Coordinar con logística la entrega de la segunda fase.',
];
const PROBLEMAS = [
  'El proveedor retrasó la entrega de equipos dos semanas.',
  'Falta acceso al ambiente de pruebas para dos personas del equipo.',
  'La información del cliente llegó incompleta y hubo que rehacer el análisis.',
];
const AYUDA = [
  'Necesitamos aprobación de gerencia para ampliar el presupuesto.',
  'Apoyo de TI para habilitar accesos al ambiente de pruebas.',
];
const KPIS = ['Ventas cerradas', 'Incidencias resueltas', 'Avance del proyecto', 'Satisfacción'];
const COMMENTS = [
  'Buen avance, sigamos así.',
  '¿Podemos revisar el problema en la reunión del jueves?',
  'Por favor detalla el plan para la próxima semana.',
];

interface Person {
  id: string;
  role: Role;
  managerId: string | null;
  unit: string | null;
  username: string;
  active: boolean;
}

/** The people and their rows: the managerId tree from the board down to each team. */
function buildPeople(passwordHash: string, rand: ReturnType<typeof generator>) {
  const usernames = new Set<string>();
  const slugs = new Set<string>();
  const rows: NewUserRow[] = [];
  const people: Person[] = [];
  const byRole = new Map<Role, Person[]>();
  const counts = [...SHAPE, ['USER', USERS_TOTAL - SHAPE.reduce((n, [, c]) => n + c, 0)] as const];

  for (const [role, total] of counts) {
    const list: Person[] = [];
    for (let i = 0; i < total; i++) {
      const parentRole: Role | null =
        role === 'VP'
          ? 'CONSEJO'
          : role === 'GERENTE'
            ? 'VP'
            : role === 'LIDER'
              ? 'GERENTE'
              : role === 'USER'
                ? 'LIDER'
                : null;
      const parents = parentRole ? (byRole.get(parentRole) ?? []) : [];
      const manager = parents.length > 0 ? (parents[i % parents.length] ?? null) : null;
      const unit =
        role === 'GERENTE'
          ? `${UNITS[i % UNITS.length]} ${Math.floor(i / UNITS.length) + 1}`
          : (manager?.unit ?? (role === 'VP' ? (UNITS[i % UNITS.length] ?? null) : null));
      const fullName =
        role === 'ADMIN'
          ? 'Administración APPA'
          : `${rand.pick(FIRST)} ${rand.pick(LAST)} ${rand.pick(LAST)}`;
      const username =
        role === 'ADMIN'
          ? 'admin'
          : firstFreeIn(usernames, usernameBase(fullName.replace(/ /g, '.')));
      const slug = firstFreeIn(slugs, slugBase(fullName));
      usernames.add(username);
      slugs.add(slug);
      // About 1 % of the people are suspended (never the board, whose accounts the bench uses).
      const active = role === 'ADMIN' || role === 'CONSEJO' || !rand.chance(0.01);
      const person: Person = {
        id: randomUUID(),
        role,
        managerId: manager?.id ?? null,
        unit,
        username,
        active,
      };
      list.push(person);
      people.push(person);
      rows.push({
        id: person.id,
        email: `${username}@empresa.pe`,
        username,
        slug,
        fullName,
        cargo: role === 'USER' ? rand.pick(['Analista', 'Asistente', 'Especialista']) : role,
        role,
        managerId: person.managerId,
        unidadOrganizacional: unit,
        status: active ? 'ACTIVO' : 'SUSPENDIDO',
        password: passwordHash,
        mustChangePassword: false,
        timezone: BENCH_TIMEZONE,
        // Long before the weeks seeded: expected in all of them.
        createdAt: BENCH_JOINED,
      });
    }
    byRole.set(role, list);
  }
  return { rows, people, byRole };
}

async function insertBatches(db: Db, table: PgTable, rows: readonly object[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(table).values(rows.slice(i, i + BATCH) as never);
  }
}

const addDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Seeds `db` (which must hold no users) and answers the accounts the benchmark uses. */
export async function seedDatabase(db: Db, now = new Date()) {
  const rand = generator(20_261_121);
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((existing?.n ?? 0) > 0) throw new Error('La base de datos ya tiene usuarios: usa una vacía.');

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const { rows: userRows, people, byRole } = buildPeople(passwordHash, rand);
  const current = weekOf(now, BENCH_TIMEZONE);
  const activeUsers = (byRole.get('USER') ?? []).filter((p) => p.active);
  const author = activeUsers[0];
  if (!author) throw new Error('no USER to write reports');

  const submissions: (typeof appaSubmissions.$inferInsert)[] = [];
  const comments: (typeof reviewComments.$inferInsert)[] = [];
  const notes: (typeof reviewNotes.$inferInsert)[] = [];
  const tasks: (typeof reviewTasks.$inferInsert)[] = [];
  const files: (typeof appaFiles.$inferInsert)[] = [];
  const reporters = people.filter((p) => reportsByRole(p.role));

  for (let w = WEEKS - 1; w >= 0; w--) {
    const week = weekFromStart(addDays(current.weekStart, -7 * w));
    const weekDate = new Date(`${week.weekStart}T12:00:00Z`);
    for (const person of reporters) {
      if (person === author && w === 0) continue;
      const roll = rand.next();
      // ≈90 % sent, ≈4 % drafts, the rest nothing; nothing at all after a suspension.
      if (roll >= 0.94 || (!person.active && w < 10)) continue;
      const sent = roll < 0.9;
      const id = randomUUID();
      const submittedAt = new Date(weekDate.getTime() + (3 + rand.next() * 2) * 86_400_000);
      const reviewed = sent && w > 0 && person.managerId !== null && rand.chance(0.3);
      const withKpi = rand.chance(0.5);
      submissions.push({
        id,
        userId: person.id,
        ...week,
        avances: rand.pick(AVANCES),
        planes: rand.pick(PLANES),
        problemas: rand.chance(0.25) ? rand.pick(PROBLEMAS) : null,
        ayuda: rand.chance(0.15) ? rand.pick(AYUDA) : null,
        kpiNombre: withKpi ? rand.pick(KPIS) : null,
        kpiMetaPct: withKpi ? 100 : null,
        kpiLogroPct: withKpi ? Math.round(5000 + rand.next() * 5000) / 100 : null,
        status: sent ? 'ENVIADO' : 'BORRADOR',
        submittedAt: sent ? submittedAt : null,
        reviewedAt: reviewed ? new Date(submittedAt.getTime() + 86_400_000) : null,
        reviewedBy: reviewed ? person.managerId : null,
        createdAt: weekDate,
        updatedAt: sent ? submittedAt : weekDate,
      });
      if (reviewed && person.managerId && rand.chance(0.3)) {
        const at = new Date(submittedAt.getTime() + 86_400_000);
        notes.push({
          submissionId: id,
          authorId: person.managerId,
          notes: rand.pick(COMMENTS),
          createdAt: at,
          updatedAt: at,
        });
      }
      if (sent && person.managerId && rand.chance(0.05)) {
        const times = rand.chance(0.3) ? 2 : 1;
        for (let c = 0; c < times; c++) {
          comments.push({
            submissionId: id,
            reviewerId: person.managerId,
            comment: rand.pick(COMMENTS),
            createdAt: new Date(submittedAt.getTime() + (c + 1) * 3_600_000),
          });
        }
      }
      if (sent && person.managerId && rand.chance(0.02)) {
        tasks.push({
          submissionId: id,
          assignedToId: person.id,
          createdById: person.managerId,
          title: 'Seguimiento del problema reportado',
          status: rand.pick(['PENDIENTE', 'EN_PROGRESO', 'COMPLETADA', 'CANCELADA'] as const),
          priority: rand.pick(['BAJA', 'MEDIA', 'ALTA', 'URGENTE'] as const),
          dueDate: addDays(week.weekStart, 14),
        });
      }
      if (rand.chance(0.1)) {
        const count = 1 + Math.floor(rand.next() * 3);
        for (let f = 0; f < count; f++) {
          files.push({
            submissionId: id,
            fileName: `avance-${f + 1}.pdf`,
            storagePath: `bench/${randomUUID()}`,
            sizeBytes: 20_000 + Math.floor(rand.next() * 2_000_000),
          });
        }
      }
    }
  }

  await db.transaction(async (tx) => {
    await insertBatches(tx, users, userRows);
    await insertBatches(tx, appaSubmissions, submissions);
    await insertBatches(tx, reviewComments, comments);
    await insertBatches(tx, reviewNotes, notes);
    await insertBatches(tx, reviewTasks, tasks);
    await insertBatches(tx, appaFiles, files);
  });
  // Fresh statistics, as autovacuum would gather on PostgreSQL after a load like this.
  await db.execute(sql`analyze`);

  const first = (role: Role) => byRole.get(role)?.find((p) => p.active)?.username ?? '';
  const accounts: BenchAccounts = {
    admin: 'admin',
    consejo: first('CONSEJO'),
    vp: first('VP'),
    lider: first('LIDER'),
    author: author.username,
    signIn: activeUsers.slice(1, 401).map((p) => p.username),
    authors: activeUsers.slice(401, 1401).map((p) => p.username),
  };
  return {
    weekStart: current.weekStart,
    accounts,
    counts: {
      users: userRows.length,
      submissions: submissions.length,
      comments: comments.length,
      tasks: tasks.length,
      files: files.length,
    },
  };
}

/**
 * Deletes every report of `weekStart` (their comments, notes, tasks, files and shares go with
 * them): Monday morning, before anyone has written.
 */
export async function emptyWeek(
  env: { databaseUrl?: string | undefined; dataDir?: string | undefined },
  weekStart: string,
) {
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir ?? os.tmpdir(),
  });
  try {
    await database.db.delete(appaSubmissions).where(eq(appaSubmissions.weekStart, weekStart));
    await database.db.execute(sql`analyze`);
  } finally {
    await database.close();
  }
}

/** Opens (and migrates) the database as the server does, seeds it and closes it. */
export async function seed(
  env: { databaseUrl?: string | undefined; dataDir?: string | undefined } = {},
): Promise<SeedResult> {
  const started = Date.now();
  const dataDir = env.databaseUrl
    ? undefined
    : (env.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'appa-bench-')));
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: dataDir ?? os.tmpdir(),
  });
  try {
    const result = { ...(await seedDatabase(database.db)), dataDir };
    const seconds = (Date.now() - started) / 1000;
    // Lets a later run measure the same data again (BENCH_DATA_DIR) without seeding.
    if (dataDir) fs.writeFileSync(path.join(dataDir, ACCOUNTS_FILE), JSON.stringify(result));
    return { ...result, seconds };
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await seed({
    databaseUrl: process.env.DATABASE_URL || undefined,
    dataDir: process.env.DATA_DIR || undefined,
  });
  console.log(JSON.stringify({ ...result, accounts: { ...result.accounts, signIn: undefined } }));
}
