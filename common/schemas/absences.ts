import { z } from 'zod';
import { ABSENCE_REASONS, type AbsenceReason } from '../roles';

/** Absences: days someone is away; the weeks fully inside them are not expected of them. */

export const ABSENCE_MSG = {
  userId: 'Indica a quién corresponde la ausencia',
  from: 'La fecha de inicio debe tener el formato AAAA-MM-DD',
  to: 'La fecha de fin debe tener el formato AAAA-MM-DD',
  range: 'La fecha de fin no puede ser anterior a la de inicio',
  tooLong: 'Una ausencia no puede durar más de un año',
  reason: 'El motivo debe ser vacaciones, licencia, viaje u otro',
  notFound: 'Ausencia no encontrada',
  created: 'Ausencia registrada',
  pastWeeks:
    'Las ausencias de semanas ya terminadas las registra o elimina tu responsable o un administrador',
} as const;

export const ABSENCE_REASON_LABELS: Record<AbsenceReason, string> = {
  vacaciones: 'Vacaciones',
  licencia: 'Licencia',
  viaje: 'Viaje',
  otro: 'Otro',
};

/** The longest absence, in days: a longer one is more likely a typo than a year away. */
const MAX_DAYS = 366;

/** POST /api/absences. */
export const createAbsenceSchema = z
  .object({
    userId: z.uuid({ error: ABSENCE_MSG.userId }),
    from: z.iso.date({ error: ABSENCE_MSG.from }),
    to: z.iso.date({ error: ABSENCE_MSG.to }),
    reason: z.enum(ABSENCE_REASONS, { error: ABSENCE_MSG.reason }),
  })
  .refine((a) => a.from <= a.to, { message: ABSENCE_MSG.range, path: ['to'] })
  .refine((a) => Date.parse(a.to) - Date.parse(a.from) <= MAX_DAYS * 86_400_000, {
    message: ABSENCE_MSG.tooLong,
    path: ['to'],
  });
export type CreateAbsence = z.infer<typeof createAbsenceSchema>;

/** GET /api/absences?userId=&from=&to=: one person's absences that touch the range. */
export const absenceQuerySchema = z.object({
  userId: z.uuid({ error: ABSENCE_MSG.userId }),
  from: z.iso.date({ error: ABSENCE_MSG.from }).optional(),
  to: z.iso.date({ error: ABSENCE_MSG.to }).optional(),
});

export const absenceSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  from: z.string(),
  to: z.string(),
  reason: z.enum(ABSENCE_REASONS),
  createdBy: z.object({ id: z.uuid(), fullName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Absence = z.infer<typeof absenceSchema>;
