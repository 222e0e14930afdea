import { z } from 'zod';

export const AUDIT_MSG = {
  unknownFilter: (key: string) => `Filtro desconocido: ${key}`,
  invalidAction: 'La acción debe tener entre 1 y 100 caracteres',
  invalidActor: 'El actor debe ser un identificador válido',
  invalidEntity: 'La entidad debe tener entre 1 y 100 caracteres',
  invalidFrom: 'La fecha inicial no es válida (formato ISO, por ejemplo 2026-11-18)',
  invalidTo: 'La fecha final no es válida (formato ISO, por ejemplo 2026-11-18)',
  rangeInverted: 'La fecha inicial debe ser anterior a la fecha final',
  invalidLimit: 'El límite debe estar entre 1 y 200',
  invalidCursor: 'El cursor de paginación no es válido',
  invalidQuery: 'Filtros no válidos',
} as const;

export const AUDIT_LIMIT_DEFAULT = 50;
export const AUDIT_LIMIT_MAX = 200;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (UTC day) or an ISO date-time with `Z` or an offset. */
const isoInstant = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine(
      (v) =>
        (DATE_ONLY.test(v) ? z.iso.date() : z.iso.datetime({ offset: true })).safeParse(v).success,
      message,
    );

/**
 * The `nextBefore` cursor: the last row's creation instant to the microsecond, `~`, its id, so that
 * rows written in the same instant are neither repeated nor skipped.
 */
const CURSOR = /^(.+)~([0-9a-f-]{36})$/i;

/** GET /api/audit-log (ADMIN) query. */
export const auditLogQuerySchema = z
  .strictObject(
    {
      /** Prefix of the action: 'auth.' finds every sign-in event. */
      action: z
        .string({ error: AUDIT_MSG.invalidAction })
        .trim()
        .min(1, AUDIT_MSG.invalidAction)
        .max(100, AUDIT_MSG.invalidAction)
        .optional(),
      actorId: z.uuid({ error: AUDIT_MSG.invalidActor }).optional(),
      entity: z
        .string({ error: AUDIT_MSG.invalidEntity })
        .trim()
        .min(1, AUDIT_MSG.invalidEntity)
        .max(100, AUDIT_MSG.invalidEntity)
        .optional(),
      /** From this instant on; a date means 00:00 UTC of that day. */
      from: isoInstant(AUDIT_MSG.invalidFrom).optional(),
      /** Up to this instant; a date includes that whole UTC day. */
      to: isoInstant(AUDIT_MSG.invalidTo).optional(),
      limit: z.coerce
        .number({ error: AUDIT_MSG.invalidLimit })
        .int(AUDIT_MSG.invalidLimit)
        .min(1, AUDIT_MSG.invalidLimit)
        .max(AUDIT_LIMIT_MAX, AUDIT_MSG.invalidLimit)
        .default(AUDIT_LIMIT_DEFAULT),
      /** Rows older than this: a previous answer's `nextBefore`, or any ISO instant. */
      before: z
        .string({ error: AUDIT_MSG.invalidCursor })
        .trim()
        .refine((v) => {
          const at = CURSOR.exec(v)?.[1] ?? v;
          return z.iso.datetime({ offset: true }).safeParse(at).success;
        }, AUDIT_MSG.invalidCursor)
        .refine(
          (v) => !CURSOR.test(v) || z.uuid().safeParse(CURSOR.exec(v)?.[2]).success,
          AUDIT_MSG.invalidCursor,
        )
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? AUDIT_MSG.unknownFilter(issue.keys[0] ?? '')
          : AUDIT_MSG.invalidQuery,
    },
  )
  .transform((q) => ({
    action: q.action,
    actorId: q.actorId,
    entity: q.entity,
    from: q.from === undefined ? undefined : new Date(q.from),
    /** Exclusive upper bound: a date-only `to` ends at the next UTC midnight. */
    toExclusive:
      q.to === undefined
        ? undefined
        : DATE_ONLY.test(q.to)
          ? new Date(Date.parse(q.to) + 86_400_000)
          : new Date(Date.parse(q.to) + 1),
    limit: q.limit,
    before: parseCursor(q.before),
  }))
  .refine(
    (q) => !q.from || !q.toExclusive || q.from.getTime() < q.toExclusive.getTime(),
    AUDIT_MSG.rangeInverted,
  );
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

function parseCursor(value: string | undefined): { at: string; id: string | null } | undefined {
  if (value === undefined) return undefined;
  const match = CURSOR.exec(value);
  return match
    ? { at: match[1] ?? value, id: (match[2] ?? '').toLowerCase() }
    : { at: value, id: null };
}

export const auditEntrySchema = z.object({
  id: z.uuid(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** Who did it; null for the system or an anonymous visitor. */
  actor: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditLogEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({
  /** Newest first. */
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
