import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../common/schemas/settings';
import type { Db } from '../db/client';
import { settings as settingsTable } from '../db/schema';

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

export async function saveSettings(db: Db, changes: Partial<Settings>, actorId: string | null) {
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    await db
      .insert(settingsTable)
      .values({ key, value, updatedById: actorId })
      .onConflictDoUpdate({
        target: settingsTable.key,
        set: { value, updatedById: actorId, updatedAt: new Date() },
      });
  }
}
