import { administers } from '../../common/roles';
import type { Actor } from './actor';

/**
 * Whether the actor may record or remove the absences of `personId` in weeks already finished.
 * A finished week's figures are the board's record: someone may change their own absences only
 * from the current week on; a past one is for their manager or an administrator, who answer for
 * the correction (the audit log names them). Who may touch the person's absences at all is
 * 'absence:write'.
 */
export function mayChangePastWeeks(actor: Actor, personId: string): boolean {
  return personId !== actor.id || administers(actor.role);
}
