import { asc, notLike } from 'drizzle-orm';
import { BACKUP_FORMAT_VERSION } from '../../../common/schemas/demo';
import type { AppContext } from '../../context';
import {
  appaFiles,
  appaSubmissions,
  lateralSharing,
  reminders,
  reviewComments,
  reviewTasks,
  settings,
  users,
} from '../../db/schema';
import { audit } from '../../services/audit';

/**
 * The full data export of /super-admin: the organisation's data as one JSON document, for
 * a backup. Users are listed column by column so that the password hash and the never-used PIN
 * hash stay out; sessions, one-time tokens, API tokens, the upload-signing key, login throttling
 * and the audit log are not exported.
 * Attachments appear as their metadata (the bytes stay in storage).
 */
export async function exportBackup(ctx: AppContext, actorId: string) {
  const now = ctx.clock();
  const db = ctx.db;
  const data = {
    users: await db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        fullName: users.fullName,
        cargo: users.cargo,
        role: users.role,
        managerId: users.managerId,
        unidadOrganizacional: users.unidadOrganizacional,
        status: users.status,
        slug: users.slug,
        mustChangePassword: users.mustChangePassword,
        timezone: users.timezone,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .orderBy(asc(users.createdAt), asc(users.id)),
    reports: await db
      .select()
      .from(appaSubmissions)
      .orderBy(asc(appaSubmissions.weekStart), asc(appaSubmissions.id)),
    files: await db
      .select({
        id: appaFiles.id,
        submissionId: appaFiles.submissionId,
        fileName: appaFiles.fileName,
        sizeBytes: appaFiles.sizeBytes,
        createdAt: appaFiles.createdAt,
      })
      .from(appaFiles)
      .orderBy(asc(appaFiles.createdAt), asc(appaFiles.id)),
    comments: await db
      .select()
      .from(reviewComments)
      .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id)),
    tasks: await db
      .select()
      .from(reviewTasks)
      .orderBy(asc(reviewTasks.createdAt), asc(reviewTasks.id)),
    reminders: await db.select().from(reminders).orderBy(asc(reminders.sentAt), asc(reminders.id)),
    shares: await db
      .select()
      .from(lateralSharing)
      .orderBy(asc(lateralSharing.createdAt), asc(lateralSharing.id)),
    // The organisation's settings, not the server's own rows (the upload-signing key).
    settings: await db
      .select()
      .from(settings)
      .where(notLike(settings.key, 'internal.%'))
      .orderBy(asc(settings.key)),
  };
  const counts = Object.fromEntries(Object.entries(data).map(([k, rows]) => [k, rows.length]));
  await audit(db, {
    actorId,
    action: 'admin.backup_exported',
    entity: 'system',
    meta: counts,
  });
  const stamp = now.toISOString().slice(0, 10);
  return {
    fileName: `appa-respaldo-${stamp}.json`,
    body: JSON.stringify(
      {
        format: 'appa-backup',
        version: BACKUP_FORMAT_VERSION,
        exportedAt: now.toISOString(),
        counts,
        ...data,
      },
      null,
      2,
    ),
  };
}
