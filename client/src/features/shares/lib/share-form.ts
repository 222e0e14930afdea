import { DASHBOARD_MSG, type ShareRequestInput } from '@common/schemas/dashboard';
import { SHARE_PERMISSIONS, type SharePermission } from '@common/roles';
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';

export const PERMISSION_LABELS: Record<SharePermission, string> = {
  read: 'Lectura',
  comment: 'Lectura y comentarios',
};

/** 'YYYY-MM-DD' of today as seen in `timeZone`. */
function todayIn(timeZone: string, now: Date): string {
  const local = new TZDate(now.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/**
 * 'Compartir APPA con Otro Líder': a peer is required, the permission defaults to read,
 * and an optional last day (today or later, in the leader's timezone) ends the share.
 */
export function shareFormSchema(timeZone: string, now: Date = new Date()) {
  const today = todayIn(timeZone, now);
  return z.object({
    sharedWithId: z.string().min(1, DASHBOARD_MSG.peerRequired),
    permission: z.enum(SHARE_PERMISSIONS),
    expiresOn: z.string().refine((d) => d === '' || (/^\d{4}-\d{2}-\d{2}$/.test(d) && d >= today), {
      message: DASHBOARD_MSG.invalidExpiry,
    }),
  });
}
export type ShareFormValues = z.infer<ReturnType<typeof shareFormSchema>>;

export const SHARE_FORM_DEFAULTS: ShareFormValues = {
  sharedWithId: '',
  permission: 'read',
  expiresOn: '',
};

/** The request body: the share lasts through the whole last day, in the leader's timezone. */
export function toShareRequest(values: ShareFormValues, timeZone: string): ShareRequestInput {
  let expiresAt: string | null = null;
  if (values.expiresOn) {
    const [year = 0, month = 1, day = 1] = values.expiresOn.split('-').map(Number);
    expiresAt = new TZDate(year, month - 1, day, 23, 59, 59, timeZone).toISOString();
  }
  return { sharedWithId: values.sharedWithId, permission: values.permission, expiresAt };
}

/** The server's reason, or 'No se pudo compartir el APPA' when it gave none. */
export function shareErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'No se pudo compartir el APPA';
}
