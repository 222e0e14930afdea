import { EMAIL_VERIFICATION_HOURS, MAGIC_LINK_MINUTES, PRODUCT_NAME } from '../../common/constants';
import { composeEmail, paragraphs, type Email } from './mail-templates';

/**
 * One template per kind of message the product sends. Each says what it says once; composeEmail
 * makes the plain-text and the HTML parts from it.
 */

export const TEMPORARY_PASSWORD_LABEL = 'Contraseña temporal';

export const CREDENTIALS_SUBJECT = `Tus credenciales de acceso al ${PRODUCT_NAME}`;

/** A new account's or a reset password's credentials: carries a temporary password. */
export function credentialsEmail(values: {
  nombre: string;
  enlace: string;
  username: string;
  password: string;
  reset: boolean;
}): Promise<Email> {
  const intro = values.reset
    ? 'Un administrador restableció tu contraseña.'
    : `Se creó tu cuenta en el ${PRODUCT_NAME}, donde enviarás cada semana tu reporte APPA (Avances, Planes, Problemas y Ayuda).`;
  return composeEmail({
    kind: 'credentials',
    subject: CREDENTIALS_SUBJECT,
    title: values.reset ? 'Tu contraseña fue restablecida' : 'Tu cuenta está lista',
    name: values.nombre,
    sensitive: true,
    blocks: [
      { type: 'paragraph', text: intro },
      {
        type: 'fields',
        rows: [
          ['Tu enlace personal', values.enlace],
          ['Usuario', values.username],
          [TEMPORARY_PASSWORD_LABEL, values.password],
        ],
      },
      {
        type: 'paragraph',
        text: 'Al ingresar por primera vez se te pedirá cambiar la contraseña temporal por una propia.',
      },
    ],
  });
}

/** A single-use sign-in link. */
export function magicLinkEmail(values: { nombre: string; enlace: string }): Promise<Email> {
  return composeEmail({
    kind: 'magic_link',
    subject: `Tu enlace para ingresar al ${PRODUCT_NAME}`,
    title: 'Tu enlace para ingresar',
    name: values.nombre,
    sensitive: true,
    blocks: [
      {
        type: 'action',
        intro: `Para ingresar al ${PRODUCT_NAME}, abre este enlace:`,
        label: `Ingresar al ${PRODUCT_NAME}`,
        href: values.enlace,
      },
      {
        type: 'paragraph',
        text: `El enlace funciona una sola vez y vence en ${MAGIC_LINK_MINUTES} minutos. Si no lo pediste, ignora este correo.`,
      },
    ],
  });
}

/** The link that confirms a self-registered address. */
export function verificationEmail(values: {
  nombre: string;
  username: string;
  enlace: string;
}): Promise<Email> {
  return composeEmail({
    kind: 'email_verification',
    subject: `Confirma tu correo para el ${PRODUCT_NAME}`,
    title: 'Confirma tu correo',
    name: values.nombre,
    sensitive: true,
    blocks: [
      {
        type: 'action',
        intro: `Recibimos tu registro en el ${PRODUCT_NAME} con el usuario ${values.username}. Para activar tu cuenta, abre este enlace e ingresa la contraseña que elegiste:`,
        label: 'Confirmar mi correo',
        href: values.enlace,
      },
      {
        type: 'paragraph',
        text: `El enlace funciona una sola vez y vence en ${EMAIL_VERIFICATION_HOURS} horas. Si no te registraste, ignora este correo: la cuenta no se activará.`,
      },
    ],
  });
}

/** Someone tried to register with an address that already has an account. */
export function registrationNoticeEmail(values: {
  nombre: string;
  lines: readonly string[];
}): Promise<Email> {
  return composeEmail({
    kind: 'registration_notice',
    subject: `Intento de registro con tu correo en el ${PRODUCT_NAME}`,
    title: 'Intento de registro con tu correo',
    name: values.nombre,
    blocks: paragraphs(values.lines),
  });
}

/**
 * A reminder to send the week's report: the sender's (or the organisation's) subject and message,
 * placeholders filled, which carry their own greeting.
 */
export function reminderEmail(values: {
  subject: string;
  text: string;
  automatic: boolean;
}): Promise<Email> {
  return composeEmail({
    kind: values.automatic ? 'auto_reminder' : 'reminder',
    subject: values.subject,
    title: values.subject,
    blocks: paragraphs(values.text.split('\n').map((line) => line.trimEnd())),
  });
}

/** A manager's weekly digest of their area. */
export function digestEmail(values: {
  nombre: string;
  subject: string;
  lines: readonly string[];
}): Promise<Email> {
  return composeEmail({
    kind: 'digest',
    subject: values.subject,
    title: 'Resumen semanal de tu área',
    name: values.nombre,
    blocks: paragraphs(values.lines),
  });
}

/** What others did about the reader's report, at once or as the daily summary. */
export function notificationEmail(values: {
  nombre: string;
  subject: string;
  lines: readonly string[];
  summary: boolean;
}): Promise<Email> {
  return composeEmail({
    kind: values.summary ? 'notification_summary' : 'notification',
    subject: values.subject,
    title: values.summary ? 'Tu resumen diario' : 'Novedades en tu reporte',
    name: values.nombre,
    blocks: paragraphs(values.lines),
  });
}

/** Tells an administrator the server stopped sending to a webhook that kept failing. */
export function webhookDisabledEmail(values: {
  nombre: string;
  url: string;
  reason: string;
  enlace: string;
}): Promise<Email> {
  return composeEmail({
    kind: 'webhook_disabled',
    subject: `Se desactivó un webhook del ${PRODUCT_NAME}`,
    title: 'Se desactivó un webhook',
    name: values.nombre,
    blocks: [
      {
        type: 'fields',
        rows: [
          ['Dirección', values.url],
          ['Motivo', values.reason],
        ],
      },
      {
        type: 'action',
        intro:
          'No se le enviarán más eventos hasta que un administrador lo reactive en Configuración, donde también puede reintentar las entregas que fallaron:',
        label: 'Abrir Configuración',
        href: values.enlace,
      },
    ],
  });
}

/** Why a person's personal API tokens were revoked without their asking, as their e-mail says it. */
export type TokensRevokedBecause = 'password_reset' | 'suspended' | 'sso_only';

const TOKENS_REVOKED_INTRO: Record<TokensRevokedBecause, string> = {
  password_reset:
    'Un administrador restableció tu contraseña y, con ella, se revocaron tus tokens personales de API.',
  suspended: 'Tu cuenta fue suspendida y, con ella, se revocaron tus tokens personales de API.',
  sso_only:
    'La organización ahora solo permite ingresar con inicio de sesión único, y con ello se revocaron tus tokens personales de API.',
};

/** Tells a person which of their personal API tokens stopped working, and why. */
export function tokensRevokedEmail(values: {
  nombre: string;
  because: TokensRevokedBecause;
  tokens: readonly string[];
  /** Mi cuenta, where new ones are made; null when the person cannot make one now. */
  enlace: string | null;
}): Promise<Email> {
  return composeEmail({
    kind: 'api_tokens_revoked',
    subject: `Se revocaron tus tokens de API del ${PRODUCT_NAME}`,
    title: 'Se revocaron tus tokens de API',
    name: values.nombre,
    blocks: [
      { type: 'paragraph', text: TOKENS_REVOKED_INTRO[values.because] },
      { type: 'fields', rows: values.tokens.map((name) => ['Token', name] as const) },
      values.enlace
        ? {
            type: 'action',
            intro:
              'Los scripts y sistemas que los usaban ya no tienen acceso. Si aún los necesitas, crea tokens nuevos en Mi cuenta:',
            label: 'Abrir Mi cuenta',
            href: values.enlace,
          }
        : {
            type: 'paragraph',
            text: 'Los scripts y sistemas que los usaban ya no tienen acceso. Si alguno lo necesita, pide a un administrador un token de servicio.',
          },
    ],
  });
}
