import { MSG } from '../messages';

/**
 * Why a single sign-on came back to /auth without a session: the callback redirects to
 * `/auth?sso=<code>`, never with the provider's own words.
 */
export const SSO_FAILURES = [
  'error',
  'expired',
  'cancelled',
  'unavailable',
  'unverified',
  'unknown',
  'mismatch',
  'suspended',
  'inactive',
  'throttled',
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

export const SSO_MSG = {
  /** The button beside the sign-in forms. */
  button: (label: string) => `Ingresar con ${label}`,
  /** Under SSO-only, the link that shows the password form to the break-glass administrators. */
  adminAccess: 'Acceso de administrador',
  failures: {
    error: 'No se pudo completar el ingreso con el proveedor. Intenta nuevamente.',
    expired: 'El intento de ingreso venció o ya fue usado. Intenta nuevamente.',
    cancelled: 'Se canceló el ingreso en el proveedor.',
    unavailable:
      'El proveedor de inicio de sesión no responde. Intenta nuevamente en unos minutos.',
    unverified:
      'Tu proveedor no confirma tu correo electrónico, así que no podemos identificarte. Contacta al administrador.',
    unknown: 'No hay una cuenta de APPA para tu correo. Pide acceso al administrador.',
    mismatch:
      'Tu cuenta del proveedor no corresponde a la cuenta de APPA con ese correo. Contacta al administrador.',
    suspended: MSG.userSuspended,
    inactive: 'Tu cuenta aún no está activa. Contacta al administrador.',
    throttled: 'Demasiados intentos de ingreso. Espera unos minutos e intenta nuevamente.',
  } satisfies Record<SsoFailure, string>,
} as const;

/** The `sso` query parameter of /auth, when it names a known failure. */
export function ssoFailureOf(value: string | null): SsoFailure | null {
  return SSO_FAILURES.find((code) => code === value) ?? null;
}

/**
 * What the server answers about single sign-on (apart from the sign-in pages' texts above, which
 * /auth loads: it keeps within its JavaScript budget).
 */
export const SSO_REFUSAL = {
  /** Password sign-in of someone other than an administrator while SSO-only is on. */
  ssoOnly: (label: string) =>
    `En esta organización se ingresa con ${label}. Usa el botón "Ingresar con ${label}".`,
  notConfigured:
    'El inicio de sesión único no está configurado en el servidor (variables OIDC_ISSUER y OIDC_CLIENT_ID).',
} as const;
