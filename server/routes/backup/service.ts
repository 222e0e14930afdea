import type { AppContext } from '../../context';
import { audit } from '../../services/audit';
import { createBackup } from '../../adapters/backup/create';

/**
 * The panel's backup: the same archive as `npm run backup` (adapters/backup), the whole database
 * and every attachment, password hashes included; sessions, one-time tokens and sign-in attempt
 * counters are left out. The rows are read from one snapshot before the download starts, the
 * attachments stream as the browser reads. Audited with the rows it holds.
 */
export async function exportBackup(ctx: AppContext, actorId: string) {
  const backup = await createBackup(ctx, ctx.clock());
  await audit(ctx.db, {
    actorId,
    action: 'admin.backup_exported',
    entity: 'system',
    meta: { users: backup.counts.users, reports: backup.counts.appa_submissions },
  });
  return {
    fileName: `appa-respaldo-${backup.createdAt.toISOString().slice(0, 10)}.tar.gz`,
    stream: backup.stream,
  };
}
