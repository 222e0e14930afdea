// zod/mini: these schemas are in the sign-in page's and the report form's JavaScript, which must
// stay within its 150 KiB gzip budget; classic zod alone is 25 KiB of it.
import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MSG } from '../messages';
import { ROLES, TIMEZONES, USER_STATUSES } from '../roles';

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, message));

/** Body of POST /api/auth/login and /api/auth/login-username. */
export const loginSchema = z.object({
  username: requiredText(MSG.usernameRequired),
  // Passwords are not trimmed: spaces are part of them.
  password: z
    .string({ error: MSG.passwordRequired })
    .check(
      z.minLength(1, MSG.passwordRequired),
      z.maxLength(PASSWORD_MAX_LENGTH, MSG.invalidCredentials),
    ),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const newPasswordSchema = z
  .string({ error: MSG.newPasswordTooShort })
  .check(
    z.minLength(PASSWORD_MIN_LENGTH, MSG.newPasswordTooShort),
    z.maxLength(PASSWORD_MAX_LENGTH, MSG.newPasswordTooLong),
  );

/** Body of POST /api/auth/change-password. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MSG.currentPasswordRequired })
    .check(
      z.minLength(1, MSG.currentPasswordRequired),
      z.maxLength(PASSWORD_MAX_LENGTH, MSG.currentPasswordWrong),
    ),
  newPassword: newPasswordSchema,
  /** "Revocar también mis tokens": end the person's personal API tokens too. Yes unless told. */
  revokeTokens: z._default(z.boolean({ error: MSG.invalidInput }), true),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The change-password form: the body plus a confirmation that never leaves the browser. */
export const changePasswordFormSchema = z
  .extend(changePasswordSchema, {
    confirmPassword: z.string().check(z.minLength(1, MSG.confirmPasswordRequired)),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      message: MSG.passwordsDoNotMatch,
      path: ['confirmPassword'],
    }),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The signed-in user as every endpoint presents it (never a hash or a token). */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  username: z.string(),
  fullName: z.string(),
  cargo: z.nullable(z.string()),
  role: z.enum(ROLES),
  managerId: z.nullable(z.uuid()),
  unidadOrganizacional: z.nullable(z.string()),
  status: z.enum(USER_STATUSES),
  slug: z.string(),
  mustChangePassword: z.boolean(),
  timezone: z.union([z.enum(TIMEZONES), z.string()]),
  lastLoginAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * Which screens the signed-in user may open, decided by the server's policies, so that the
 * browser's route guards compare no roles. Administrators open every dashboard.
 */
export const navigationAbilitiesSchema = z.object({
  /** The administrator's panel (/admin, /super-admin) and its actions. */
  administer: z.boolean(),
  /** The board's dashboard (/consejo, /consejo-simple). */
  boardDashboard: z.boolean(),
  /** The VP dashboard (/vp). */
  vpDashboard: z.boolean(),
  /** The manager dashboard (/gerente). */
  managerDashboard: z.boolean(),
  /** The leader dashboard (/lider). */
  leaderDashboard: z.boolean(),
  /** Their own weekly report (/appa/{slug}/submit) and Mis reportes: the roles that report. */
  report: z.boolean(),
  /** Reminding people to send their APPA: administrators anyone, VPs, managers and leaders theirs. */
  remind: z.boolean(),
});
export type NavigationAbilities = z.infer<typeof navigationAbilitiesSchema>;

/**
 * The signed-in user as they see themselves (GET /api/user and every sign-in): their fields and
 * the screens they may open.
 */
export const currentUserSchema = z.extend(userSchema, { abilities: navigationAbilitiesSchema });
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /api/auth/login answers the signed-in user plus the session token, for API clients. */
export const loginResponseSchema = z.extend(currentUserSchema, { token: z.string() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const changePasswordResponseSchema = z.object({
  message: z.string(),
  user: currentUserSchema,
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** GET /api/users/slug/{slug}: public, so only what the personal login page shows. */
export const publicUserSchema = z.object({ fullName: z.string(), slug: z.string() });
export type PublicUser = z.infer<typeof publicUserSchema>;

/** Every 4xx and 5xx answer of the API. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** POST /api/logout: where the browser goes next (PUBLIC_SITE_URL, or /auth). */
export const logoutResponseSchema = z.object({
  message: z.string(),
  redirectTo: z.string(),
  /** `redirectTo` is the identity provider's logout, which ends the single sign-on there too. */
  atProvider: z.boolean(),
});
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** POST /api/auth/magic-link: the address to send a sign-in link to. */
export const magicLinkRequestSchema = z.object({
  email: z.pipe(
    z
      .string({ error: MSG.emailRequired })
      .check(z.trim(), z.minLength(1, MSG.emailRequired), z.maxLength(254, MSG.emailInvalid)),
    z.email(MSG.emailInvalid),
  ),
});
export type MagicLinkRequest = z.infer<typeof magicLinkRequestSchema>;

/** POST /api/auth/verify-magic-link: the token of the link. */
export const verifyMagicLinkSchema = z.object({
  token: z
    .string({ error: MSG.magicLinkInvalid })
    .check(z.trim(), z.minLength(20, MSG.magicLinkInvalid), z.maxLength(200, MSG.magicLinkInvalid)),
});

export const messageResponseSchema = z.object({ message: z.string() });
