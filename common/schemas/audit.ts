import { z } from 'zod';
import { parseDayMonthYear } from '../date-format';

export const AUDIT_MSG = {
  unknownFilter: (key: string) => `Filtro desconocido: ${key}`,
  invalidAction: 'La acción debe tener entre 1 y 100 caracteres',
  invalidActor: 'El actor debe ser un identificador válido',
  invalidEntity: 'La entidad debe tener entre 1 y 100 caracteres',
  invalidFrom: 'La fecha inicial no es válida (dd/mm/aaaa, por ejemplo 01/03/2026)',
  invalidTo: 'La fecha final no es válida (dd/mm/aaaa, por ejemplo 01/03/2026)',
  rangeInverted: 'La fecha inicial debe ser anterior a la fecha final',
  invalidLimit: 'El límite debe estar entre 1 y 200',
  invalidCursor: 'El cursor de paginación no es válido',
  invalidQuery: 'Filtros no válidos',
} as const;

export const AUDIT_LIMIT_DEFAULT = 50;
export const AUDIT_LIMIT_MAX = 200;

/**
 * One end of a date filter: a calendar date, a whole day of the organisation's time zone (the
 * server knows which), or an exact instant.
 */
export type AuditBound = { day: string } | { instant: Date };

const isInstant = (v: string) => z.iso.datetime({ offset: true }).safeParse(v).success;

/**
 * A date as people read it (dd/mm/yyyy) or as a date input sends it (yyyy-mm-dd), or an ISO
 * date-time with `Z` or an offset.
 */
const dateBound = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseDayMonthYear(v) !== null || isInstant(v), message)
    .transform((v): AuditBound => {
      const day = parseDayMonthYear(v);
      return day ? { day } : { instant: new Date(v) };
    });

/**
 * The `nextBefore` cursor: the last row's creation instant to the microsecond, `~`, its id, so that
 * rows written in the same instant are neither repeated nor skipped.
 */
const CURSOR = /^(.+)~([0-9a-f-]{36})$/i;

/** GET /api/audit-log (ADMIN) query. */
export const auditLogQuerySchema = z
  .strictObject(
    {
      /** An action code, that action alone; anything else is a prefix: 'auth.' finds every sign-in event. */
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
      /** From this instant on; a date means from that day's local midnight on. */
      from: dateBound(AUDIT_MSG.invalidFrom).optional(),
      /** Up to this instant; a date includes that whole local day. */
      to: dateBound(AUDIT_MSG.invalidTo).optional(),
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
    from: q.from,
    to: q.to,
    limit: q.limit,
    before: parseCursor(q.before),
  }));
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
