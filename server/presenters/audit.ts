import type { AuditLogEntry } from '../../common/schemas/audit';
import type { auditLog } from '../db/schema';

type AuditLogRow = typeof auditLog.$inferSelect;

export function presentAuditEntry(
  row: Pick<AuditLogRow, 'id' | 'createdAt' | 'action' | 'entity' | 'entityId' | 'meta'>,
  actor: { id: string; fullName: string } | null,
): AuditLogEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    actor,
    meta: row.meta ?? null,
  };
}
