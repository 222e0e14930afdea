import fs from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { audit } from './audit';
import { DEMO_CREDENTIALS_FILE, recordEarlierInstance, recordInstance } from './demo';
import { seedDemoOrganisation, type DemoAccount } from './demo-seed';
import { generateTemporaryPassword } from './passwords';
import { createUser } from './users';

/**
 * On an empty database: the first administrator and, when asked (`config.seedDemo`), the demo
 * organisation; the database remembers whether it is a demo. Runs inside a transaction so that two instances starting together cannot both
 * fill it.
 */
export async function bootstrapDatabase(db: Db, config: Config, log: FastifyBaseLogger) {
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`lock table users in exclusive mode`);
    const [{ value } = { value: 0 }] = await tx.select({ value: count() }).from(users);
    if (value > 0) return null;

    const given = Boolean(config.adminUsername && config.adminPassword);
    const adminPassword = config.adminPassword ?? generateTemporaryPassword();
    const admin = await createUser(tx, {
      email: `${config.adminUsername ?? 'admin'}@appa.local`,
      fullName: 'Administrador del Sistema',
      username: config.adminUsername ?? 'admin',
      role: 'ADMIN',
      password: adminPassword,
      mustChangePassword: !given,
    });
    await audit(tx, {
      actorId: null,
      action: 'system.first_admin_created',
      entity: 'user',
      entityId: admin.id,
      meta: { username: admin.username, fromEnvironment: given },
    });
    const demo = config.seedDemo ? await seedDemoOrganisation(tx) : [];
    await recordInstance(tx, config.seedDemo);
    return { admin, adminPassword: given ? null : adminPassword, demo };
  });
  if (!created) {
    await recordEarlierInstance(db, config);
    return;
  }

  if (created.adminPassword) {
    log.warn(`Primer administrador creado: usuario "${created.admin.username}"`);
    // Plain text, not a log record: a person reads this once and copies the password.
    console.log(
      `\n  Primer administrador: usuario "${created.admin.username}", contraseña temporal "${created.adminPassword}"\n  Se pedirá cambiarla al ingresar. Este mensaje no se repite.\n`,
    );
  } else {
    log.info(`Primer administrador creado: usuario "${created.admin.username}".`);
  }
  if (created.demo.length > 0) writeDemoCredentials(config, created.demo, log);
}

function writeDemoCredentials(config: Config, accounts: DemoAccount[], log: FastifyBaseLogger) {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, DEMO_CREDENTIALS_FILE);
  fs.writeFileSync(file, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  const onePerRole = new Map<string, DemoAccount>();
  for (const a of accounts) if (!onePerRole.has(a.role)) onePerRole.set(a.role, a);
  const lines = [...onePerRole.values()].map(
    (a) => `  ${a.role.padEnd(8)} ${a.username.padEnd(22)} ${a.password}`,
  );
  log.info(`Organización de demostración creada (${accounts.length} personas)`);
  console.log(
    `\n  Organización de demostración: algunas cuentas, con su contraseña temporal:\n${lines.join('\n')}\n  Todas las cuentas están en ${file}\n`,
  );
}
