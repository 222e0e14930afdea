import { z } from 'zod';
import { ROLES, SHARE_PERMISSIONS } from '../roles';
import { reportSummarySchema, personRefSchema } from './panel';

/**
 * The role dashboards (/consejo, /vp, /gerente, /lider) and lateral sharing between peers.
 * This file is the contract between the server and the dashboards; the decisions behind it are
 * docs/decisions/0025-the-board-and-vp-dashboards.md, 0026 (sharing), 0031 and 0046.
 */

export const DASHBOARD_MSG = {
  shareNotFound: 'Compartido no encontrado',
  shareOnlyOwn: 'Solo puedes compartir tu propio APPA',
  shareOnlySent: 'Solo se puede compartir un APPA enviado',
  shareOnlyPeers: 'Solo puedes compartir con otro líder',
  shareDuplicate: 'Ya compartiste este APPA con esa persona',
  shareSelf: 'No puedes compartir un APPA contigo mismo',
  peerRequired: 'Selecciona un líder',
  invalidPermission: 'El permiso debe ser lectura o comentario',
  invalidExpiry: 'La fecha de vencimiento debe ser futura',
  invalidRange: 'El rango de fechas no es válido',
  accessDenied: 'Acceso Denegado',
  invalidWeeks: 'El número de semanas debe estar entre 1 y 52',
  userNotFound: 'Usuario no encontrado',
  searchTooLong: 'La búsqueda no puede tener más de 200 caracteres',
} as const;

/** A person as the dashboards show them. */
export const dashboardUserSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  role: z.enum(ROLES),
  cargo: z.string().nullable(),
  unidadOrganizacional: z.string().nullable(),
  managerId: z.uuid().nullable(),
});
export type DashboardUser = z.infer<typeof dashboardUserSchema>;

/** A direct report of the viewer with this week's state, for the team lists. */
export const teamMemberSchema = dashboardUserSchema.extend({
  /** This week's report: ENVIADO, BORRADOR, or null (pending). Null for roles that do not report. */
  status: z.enum(['ENVIADO', 'BORRADOR']).nullable(),
  submittedAt: z.string().nullable(),
  submissionId: z.uuid().nullable(),
  /** Away for the whole week (vacaciones, licencia…): not expected, shown as "Ausente". */
  absent: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/**
 * GET /api/dashboard/hierarchy?weekStart=: the viewer's area for a week (defaults to the current
 * week). CONSEJO and ADMIN: the whole organisation; VP/GERENTE: everyone below them; LIDER: their
 * own report and the people below them, if any.
 */
export const hierarchyResponseSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  analytics: z.object({
    /** Reports of the week in the area (sent + drafts). */
    totalSubmissions: z.number().int(),
    submittedCount: z.number().int(),
    draftCount: z.number().int(),
    /** Expected authors in the area and how many of them have not sent. */
    expected: z.number().int(),
    pendingCount: z.number().int(),
    /** round(sent / expected × 100), 0 when nobody is expected. */
    completionRate: z.number().int(),
    /** Per role of the area: expected, sent, drafts. */
    byRole: z.array(
      z.object({
        role: z.enum(ROLES),
        total: z.number().int(),
        sent: z.number().int(),
        drafts: z.number().int(),
      }),
    ),
  }),
  hierarchy: z.object({
    /** Everyone below the viewer (all levels). */
    allReports: z.number().int(),
    directReports: z.number().int(),
  }),
  team: z.object({
    /** The viewer's direct reports with this week's state. */
    directReports: z.array(teamMemberSchema),
    /** From the viewer's manager up to the top. */
    managerChain: z.array(dashboardUserSchema),
  }),
});
export type HierarchyResponse = z.infer<typeof hierarchyResponseSchema>;

/** Most people GET /api/dashboard/people answers. */
export const PEOPLE_SEARCH_LIMIT = 20;
const SEARCH_MAX = 200;

/** Query of GET /api/dashboard/people. */
export const peopleQuerySchema = z.object({
  /** Part of a name or e-mail, accents and case ignored; empty: the first people by name. */
  q: z
    .string({ error: DASHBOARD_MSG.searchTooLong })
    .trim()
    .max(SEARCH_MAX, DASHBOARD_MSG.searchTooLong)
    .default(''),
});
export type PeopleQuery = z.input<typeof peopleQuerySchema>;

/**
 * GET /api/dashboard/people?q=: at most PEOPLE_SEARCH_LIMIT active people of the viewer's area who
 * report (the person picker of 'Tendencias por persona'), by name.
 */
export const dashboardPersonSchema = dashboardUserSchema
  .omit({ managerId: true })
  .extend({ email: z.string() });
export type DashboardPerson = z.infer<typeof dashboardPersonSchema>;

/** GET /api/users/same-role: the people a report may be shared with, of the author's role. */
export const peerSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  cargo: z.string().nullable(),
  unidadOrganizacional: z.string().nullable(),
});
export type Peer = z.infer<typeof peerSchema>;

/** POST /api/appa/{id}/share: with whom, what they may do, and an optional expiry. */
export const shareRequestSchema = z.object({
  sharedWithId: z.uuid(DASHBOARD_MSG.peerRequired),
  permission: z.enum(SHARE_PERMISSIONS, { error: DASHBOARD_MSG.invalidPermission }).default('read'),
  /** ISO instant; absent or null = until revoked. */
  expiresAt: z.iso.datetime({ offset: true, error: DASHBOARD_MSG.invalidExpiry }).nullish(),
});
export type ShareRequestInput = z.input<typeof shareRequestSchema>;

export const shareSchema = z.object({
  id: z.uuid(),
  submissionId: z.uuid(),
  sharedBy: personRefSchema,
  sharedWith: personRefSchema,
  permission: z.enum(SHARE_PERMISSIONS),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** What the viewer may do with it: whoever made it, or an administrator, revokes it. */
  abilities: z.object({ revoke: z.boolean() }),
});
export type Share = z.infer<typeof shareSchema>;

/** A report shared with the viewer, with what the share allows. */
export const sharedSubmissionSchema = reportSummarySchema.extend({ share: shareSchema });
export type SharedSubmission = z.infer<typeof sharedSubmissionSchema>;

/**
 * GET /api/appa?weekStart= for a LIDER: their own report of the
 * week (or null), the live shares of it, and the reports shared with them.
 */
export const leaderWeekResponseSchema = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  own: reportSummarySchema.nullable(),
  ownShares: z.array(shareSchema),
  shared: z.array(sharedSubmissionSchema),
});
export type LeaderWeekResponse = z.infer<typeof leaderWeekResponseSchema>;

/**
 * GET /api/dashboard/trends?weeks=12&userId=: completion rate per week of the viewer's area, and
 * (with userId, someone the viewer may read) that person's KPI logro vs meta per week.
 */
export const trendsResponseSchema = z.object({
  /**
   * From the first of the asked weeks that had anyone expected (a new area's trend begins when it
   * does, not with weeks of 0 %), oldest first.
   */
  completion: z.array(
    z.object({
      weekStart: z.string(),
      expected: z.number().int(),
      sent: z.number().int(),
      /** Null for a week with nobody expected (everyone away): empty, not 0 %. */
      rate: z.number().int().nullable(),
    }),
  ),
  kpi: z
    .array(
      z.object({
        weekStart: z.string(),
        kpiNombre: z.string(),
        metaPct: z.number().nullable(),
        logroPct: z.number().nullable(),
      }),
    )
    .nullable(),
});
export type TrendsResponse = z.infer<typeof trendsResponseSchema>;

/** Query of GET /api/dashboard/trends. */
export const TRENDS_WEEKS_MAX = 52;
export const trendsQuerySchema = z.object({
  weeks: z.coerce
    .number({ error: DASHBOARD_MSG.invalidWeeks })
    .int(DASHBOARD_MSG.invalidWeeks)
    .min(1, DASHBOARD_MSG.invalidWeeks)
    .max(TRENDS_WEEKS_MAX, DASHBOARD_MSG.invalidWeeks)
    .default(12),
  /** The person whose KPI to chart; someone the viewer may read. */
  userId: z.uuid(DASHBOARD_MSG.userNotFound).optional(),
});
export type TrendsQuery = z.input<typeof trendsQuerySchema>;

/** Longest range of GET /api/appa/history, in days. */
export const HISTORY_MAX_DAYS = 366;
const isoDay = z.iso.date(DASHBOARD_MSG.invalidRange);

/** Query of GET /api/appa/history: a person's reports whose week starts within [from, to]. */
export const historyQuerySchema = z
  .object({
    /** Absent: the viewer. */
    userId: z.uuid(DASHBOARD_MSG.userNotFound).optional(),
    from: isoDay,
    to: isoDay,
  })
  .refine(
    ({ from, to }) => {
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
      return days >= 0 && days <= HISTORY_MAX_DAYS;
    },
    { error: DASHBOARD_MSG.invalidRange },
  );
export type HistoryQuery = z.infer<typeof historyQuerySchema>;
