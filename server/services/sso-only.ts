import type { Settings } from '../../common/schemas/settings';
import { SSO_REFUSAL } from '../../common/schemas/sso';
import type { AppContext } from '../context';
import { forbidden, type AppError } from '../lib/errors';
import type { Actor } from '../policies/actor';
import { can } from '../policies/organisation';

/**
 * Whether only single sign-on lets people in: the setting is on and a provider is configured (a
 * server started without one lets everyone use passwords again, so nobody is locked out).
 */
export function ssoOnlyActive(
  ctx: Pick<AppContext, 'config'>,
  settings: Pick<Settings, 'ssoOnly'>,
): boolean {
  return settings.ssoOnly && ctx.config.oidc !== undefined;
}

/**
 * Whether only single sign-on lets `user` in now: it holds for everyone but whoever may change the
 * settings, the break-glass administrators whose passwords are the way in when the provider fails
 * and the way to turn this off.
 */
export function ssoOnlyHolds(
  ctx: Pick<AppContext, 'config'>,
  settings: Pick<Settings, 'ssoOnly'>,
  user: Actor,
): boolean {
  return !can(user, 'settings:manage') && ssoOnlyActive(ctx, settings);
}

/** The refusal of another way in while only single sign-on is allowed. */
export function ssoOnlyRefusal(ctx: Pick<AppContext, 'config'>): AppError {
  return forbidden(SSO_REFUSAL.ssoOnly(ctx.config.oidc?.buttonLabel ?? ''));
}
