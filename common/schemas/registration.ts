// zod/mini, and apart from auth.ts: /auth loads auth.ts at once and must stay within its
// JavaScript budget; the registration form and the confirmation page load this when opened.
import * as z from 'zod/mini';
import { EMAIL_VERIFICATION_HOURS, PASSWORD_MAX_LENGTH } from '../constants';
import { MSG } from '../messages';
import { newPasswordSchema, requiredText } from './auth';

/** Spanish texts of self-registration and its e-mailed confirmation. */
export const REGISTRATION_MSG = {
  received: `Si el correo puede registrarse, te enviamos un enlace para confirmarlo. El enlace vence en ${EMAIL_VERIFICATION_HOURS} horas.`,
  usernameIsEmail: 'El usuario no puede ser un correo electrónico.',
  usernameTaken: 'Ese usuario ya está en uso. Elige otro.',
  fullNameRequired: 'El nombre completo es requerido',
  notConfirmed:
    'Aún no confirmaste tu correo. Abre el enlace que te enviamos al registrarte; si venció, regístrate de nuevo.',
  linkInvalid:
    'El enlace no es válido o ya fue usado. Si ya confirmaste tu correo, ingresa con tu usuario y contraseña.',
  linkExpired: 'El enlace venció. Regístrate de nuevo.',
  wrongPassword: 'La contraseña no coincide con la que elegiste al registrarte.',
} as const;

/** POST /api/register, when an administrator has enabled it for some e-mail domains. */
export const registerSchema = z.object({
  email: z.email(MSG.emailInvalid).check(z.maxLength(254, MSG.emailInvalid)),
  fullName: requiredText(REGISTRATION_MSG.fullNameRequired),
  // Sign-in accepts a user name or an e-mail in the same field: a user name that looks like an
  // address could answer for someone else's.
  username: requiredText(MSG.usernameRequired, 60).check(
    z.refine((value) => !value.includes('@'), REGISTRATION_MSG.usernameIsEmail),
  ),
  password: newPasswordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The registration form: the body plus a confirmation that never leaves the browser. */
export const registerFormSchema = z
  .extend(registerSchema, {
    confirmPassword: z.string().check(z.minLength(1, MSG.confirmPasswordRequired)),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: MSG.passwordsDoNotMatch,
      path: ['confirmPassword'],
    }),
  );
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/auth/verify-email: the token of the e-mailed link and the password chosen then. */
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: REGISTRATION_MSG.linkInvalid })
    .check(
      z.trim(),
      z.minLength(20, REGISTRATION_MSG.linkInvalid),
      z.maxLength(200, REGISTRATION_MSG.linkInvalid),
    ),
  password: z
    .string({ error: MSG.passwordRequired })
    .check(
      z.minLength(1, MSG.passwordRequired),
      z.maxLength(PASSWORD_MAX_LENGTH, REGISTRATION_MSG.wrongPassword),
    ),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** The confirmation page's form: the token comes from the link. */
export const verifyEmailFormSchema = z.object({ password: verifyEmailSchema.shape.password });
