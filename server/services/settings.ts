import type { AppContext } from '../context';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS,
  settingsSchema,
  type Settings,
  type UpdateSettings,
} from '../../common/schemas/settings';
import type { Db } from '../db/client';
import { settings as settingsTable } from '../db/schema';
import { audit } from './audit';

/** The saved settings merged over the defaults; a stored value that no longer validates is ignored. */
export async function getSettings(db: Db): Promise<Settings> {
  const rows = await db.select().from(settingsTable);
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const parsed = settingsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const [key, value] of Object.entries(stored)) {
    const candidate = settingsSchema.safeParse({ ...merged, [key]: value });
    if (candidate.success) merged[key] = value;
  }
  return settingsSchema.parse(merged);
}

/**
 * The settings as reads use them (the current week, the deadline), kept by the read cache: a
 * settings write forgets them on every instance, as it forgets everything.
 */
export function keptSettings(ctx: Pick<AppContext, 'db' | 'readCache'>): Promise<Settings> {
  return ctx.readCache.value(
    'settings',
    () => getSettings(ctx.db),
    () => 4096,
    'people',
  );
}

/** The saved sender of e-mails, for `MailMessage.from`; undefined means MAIL_FROM. */
export async function savedMailFrom(db: Db): Promise<string | undefined> {
  return (await getSettings(db)).mailFrom ?? undefined;
}

export type SettingsChanges = Partial<Record<keyof Settings, { from: unknown; to: unknown }>>;

/**
 * Writes the given (already validated) settings in one transaction, and one `settings.updated`
 * audit row listing what changed. Keys whose value does not change are not written.
 */
export async function saveSettings(
  db: Db,
  changes: UpdateSettings,
  actorId: string | null,
): Promise<{ settings: Settings; changed: SettingsChanges }> {
  return db.transaction(async (tx) => {
    const current = await getSettings(tx);
    const changed: SettingsChanges = {};
    for (const [key, value] of Object.entries(changes) as [keyof Settings, unknown][]) {
      if (value === undefined) continue;
      if (JSON.stringify(current[key]) === JSON.stringify(value)) continue;
      changed[key] = { from: current[key], to: value };
      if (value === null) {
        // The column is NOT NULL: a null setting is its default (e.g. mailFrom → MAIL_FROM).
        await tx.delete(settingsTable).where(eq(settingsTable.key, key));
        continue;
      }
      await tx
        .insert(settingsTable)
        .values({ key, value, updatedById: actorId })
        .onConflictDoUpdate({
          target: settingsTable.key,
          set: { value, updatedById: actorId, updatedAt: new Date() },
        });
    }
    if (Object.keys(changed).length > 0) {
      await audit(tx, {
        actorId,
        action: 'settings.updated',
        entity: 'settings',
        meta: { changed },
      });
    }
    return { settings: await getSettings(tx), changed };
  });
}
