import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from '../../common/roles';

export type DemoUser = {
  username: string;
  password: string;
  role: Role;
  slug: string;
  fullName: string;
};

let cache: DemoUser[] | null = null;

/** The demo organisation the test server wrote when it started (each with a temporary password). */
function demoUsers(): DemoUser[] {
  if (!cache) {
    const dataDir = process.env.E2E_DATA_DIR ?? '/tmp/appa-e2e-data';
    const file = path.join(dataDir, 'demo-credentials.json');
    cache = JSON.parse(readFileSync(file, 'utf8')) as DemoUser[];
  }
  return cache;
}

/*
 * Tests must not depend on each other's order, and several of them change a password or count
 * failed sign-ins. So every test that signs in as a demo person uses its own one, reserved here
 * by purpose. The demo organisation has 2 CONSEJO, 2 VP, 4 GERENTE, 8 LIDER and 16 USER.
 */
const RESERVED = {
  landingConsejo: ['CONSEJO', 0],
  landingVp: ['VP', 0],
  landingGerente: ['GERENTE', 0],
  landingLider: ['LIDER', 0],
  landingUser: ['USER', 0],
  forcedChange: ['USER', 1],
  personalLogin: ['USER', 2],
  wrongPassword: ['USER', 3],
  forcedChangeScreen: ['USER', 4],
  reportPage: ['USER', 5],
  signedInRedirects: ['USER', 6],
  voluntaryChange: ['USER', 7],
  accessDenied: ['LIDER', 1],
  logout: ['LIDER', 2],
  mobile: ['USER', 8],
  // The report tests need someone who has not sent this week's report yet (see report.spec.ts).
  reportJourney: ['USER', 10],
  reportValidation: ['USER', 13],
  reportPhone: ['USER', 11],
  // The administrator panel suspends one person and resets another's password.
  adminStatus: ['USER', 9],
  adminPasswordReset: ['USER', 12],
  // Gets a reminder from the 'Recordar' button of the users table.
  adminReminder: ['USER', 15],
  // Sees the report form while the administrator has lowered "Máximo de archivos" to 1.
  settingsFileLimit: ['USER', 14],
  // Resumen Semanal: one sends this week's report, the administrator marks the other as sent.
  // Both have no report this week in the demo organisation.
  summarySender: ['LIDER', 5],
  summaryMarkedSent: ['GERENTE', 2],
  // Revisión de APPAs: the author sends their draft of this week; the board member gets a task.
  reviewAuthor: ['LIDER', 6],
  reviewAssignee: ['CONSEJO', 1],
  // /gerente and /lider: the manager of Logística (a leader who sent this week, one with a
  // draft); a leader who sent this week shares it with another leader of another area.
  managerDashboard: ['GERENTE', 1],
  shareAuthor: ['LIDER', 4],
  sharePeer: ['LIDER', 7],
  // /vp: the second VP reads only their own area; a leader opens /consejo and /vp.
  vpDashboard: ['VP', 1],
  boardDenied: ['LIDER', 3],
  // Opens the report form to weigh the JavaScript it loads (budgets.spec.ts).
  budgets: ['GERENTE', 3],
} as const satisfies Record<string, readonly [Role, number]>;

export type Purpose = keyof typeof RESERVED;

export function demoUser(purpose: Purpose): DemoUser {
  const [role, nth] = RESERVED[purpose];
  const found = demoUsers().filter((u) => u.role === role)[nth];
  if (!found) throw new Error(`The demo organisation has no ${role} number ${nth + 1}`);
  return found;
}

export function adminCredentials() {
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set (playwright.config.ts sets it)');
  return { username: 'admin', password };
}

/** A password nobody else uses and the common-password check accepts. */
export function freshPassword() {
  return `Clave-${Math.random().toString(36).slice(2, 10)}-${Date.now().toString(36)}!`;
}
