import { z } from 'zod';
import { MSG } from '../messages';
import {
  MAX_FILE_BYTES_DEFAULT,
  MAX_FILES_DEFAULT,
  PERSONAL_TOKEN_DEFAULT_DAYS,
  PERSONAL_TOKEN_MAX_DAYS,
  SESSION_DEFAULT_HOURS,
} from '../constants';
import { DEFAULT_TIMEZONE, TIMEZONES } from '../roles';

export const SETTINGS_MSG = {
  unknownSetting: (key: string) => `Configuración desconocida: ${key}`,
  invalidBoolean: (label: string) => `${label}: el valor debe ser sí o no`,
  reminderDay: 'El día de recordatorio debe estar entre 1 (lunes) y 7 (domingo)',
  reminderTime: 'La hora de envío debe tener el formato HH:mm',
  deadlineTime: 'La hora límite debe tener el formato HH:mm',
  mailFrom: 'El remitente debe ser un correo electrónico válido',
  timezone: 'Zona horaria no válida',
  maxFileBytes: 'El tamaño máximo debe estar entre 1 y 100 MB',
  maxFiles: 'La cantidad máxima de archivos debe estar entre 1 y 50',
  sessionHours: 'La duración de sesión debe estar entre 1 y 168 horas',
  personalTokenDays: `La vigencia de los tokens personales debe estar entre 1 y ${PERSONAL_TOKEN_MAX_DAYS} días`,
  registrationDomains: 'Los dominios de registro deben ser una lista',
  tooManyDomains: 'Se permiten como máximo 100 dominios de registro',
  invalidDomain: (domain: string) => `Dominio no válido: ${domain}`,
  ssoJitDomains: 'Los dominios de creación automática deben ser una lista',
  tooManySsoDomains: 'Se permiten como máximo 100 dominios de creación automática',
} as const;

export const MB = 1024 * 1024;
export const MAX_FILE_MB_MIN = 1;
export const MAX_FILE_MB_MAX = 100;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A host name of at least two labels (empresa.pe), letters, digits and hyphens. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const flag = (label: string) => z.boolean({ error: SETTINGS_MSG.invalidBoolean(label) });
const integer = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const time = (message: string) => z.string({ error: message }).regex(HH_MM, message);

const domainOf = (listMessage: string) =>
  z
    .string({ error: listMessage })
    .trim()
    .toLowerCase()
    .transform((d) => d.replace(/^@/, ''))
    .refine((d) => DOMAIN.test(d), {
      error: (issue) => SETTINGS_MSG.invalidDomain(String(issue.input)),
    });

/** Lower-case, without '@', no repeats. */
const domainList = (listMessage: string, tooMany: string) =>
  z
    .array(domainOf(listMessage), { error: listMessage })
    .max(100, tooMany)
    .transform((list) => [...new Set(list)]);

/**
 * Each setting's rule, without its default: the update schema is built from these so that a
 * partial body never fills the keys it leaves out (zod's `.partial()` keeps defaults).
 */
const settingsFields = {
  /** "Recordatorios automáticos": the weekly reminder is sent on its own. */
  autoRemindersEnabled: flag('Recordatorios automáticos'),
  /** Day of the automatic reminder, ISO numbering: 1 = Monday … 7 = Sunday. */
  reminderDay: integer(1, 7, SETTINGS_MSG.reminderDay),
  /** "Hora de envío" (HH:mm, organisation's timezone). */
  reminderTime: time(SETTINGS_MSG.reminderTime),
  /** Sender address of every e-mail; null means the `MAIL_FROM` environment variable. */
  mailFrom: z
    .string({ error: SETTINGS_MSG.mailFrom })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: SETTINGS_MSG.mailFrom }).max(254, SETTINGS_MSG.mailFrom))
    .nullable(),
  /** "Hora límite" of the weekly report (HH:mm, organisation's timezone). */
  deadlineTime: time(SETTINGS_MSG.deadlineTime),
  organisationTimezone: z.enum(TIMEZONES, { error: SETTINGS_MSG.timezone }),
  /** Largest attachment in bytes; the screen shows it in MB (1 to 100). */
  maxFileBytes: integer(MAX_FILE_MB_MIN * MB, MAX_FILE_MB_MAX * MB, SETTINGS_MSG.maxFileBytes),
  /** Attachments per report. */
  maxFiles: integer(1, 50, SETTINGS_MSG.maxFiles),
  /** "Permitir envíos tardíos": a report may still be sent after the deadline. */
  allowLateSubmissions: flag('Permitir envíos tardíos'),
  /** "Duración de sesión": absolute session lifetime in hours. */
  sessionHours: integer(1, 168, SETTINGS_MSG.sessionHours),
  /** "Vigencia de tokens personales": days a personal API token lasts when no last day is given. */
  personalTokenDays: integer(1, PERSONAL_TOKEN_MAX_DAYS, SETTINGS_MSG.personalTokenDays),
  /** "Enlaces mágicos": sign-in by e-mailed link. */
  magicLinksEnabled: flag('Enlaces mágicos'),
  /** Self-registration is off unless an administrator lists the e-mail domains allowed. */
  registrationEnabled: flag('Registro de cuentas'),
  registrationDomains: domainList(SETTINGS_MSG.registrationDomains, SETTINGS_MSG.tooManyDomains),
  /**
   * "Solo inicio de sesión único": with single sign-on configured, only administrators (the
   * break-glass accounts) may still sign in with a password; magic links and registration stop.
   */
  ssoOnly: flag('Solo inicio de sesión único'),
  /** Whether a verified e-mail nobody has yet creates a USER at its first single sign-on. */
  ssoJitEnabled: flag('Crear cuentas al ingresar'),
  /** The e-mail domains whose people may be created that way; none: nobody is. */
  ssoJitDomains: domainList(SETTINGS_MSG.ssoJitDomains, SETTINGS_MSG.tooManySsoDomains),
};

/** The organisation's saved settings (Configuración tab); every field has its default. */
export const settingsSchema = z.object({
  autoRemindersEnabled: settingsFields.autoRemindersEnabled.default(true),
  reminderDay: settingsFields.reminderDay.default(1),
  reminderTime: settingsFields.reminderTime.default('08:00'),
  mailFrom: settingsFields.mailFrom.default(null),
  deadlineTime: settingsFields.deadlineTime.default('10:00'),
  organisationTimezone: settingsFields.organisationTimezone.default(DEFAULT_TIMEZONE),
  maxFileBytes: settingsFields.maxFileBytes.default(MAX_FILE_BYTES_DEFAULT),
  maxFiles: settingsFields.maxFiles.default(MAX_FILES_DEFAULT),
  allowLateSubmissions: settingsFields.allowLateSubmissions.default(true),
  sessionHours: settingsFields.sessionHours.default(SESSION_DEFAULT_HOURS),
  personalTokenDays: settingsFields.personalTokenDays.default(PERSONAL_TOKEN_DEFAULT_DAYS),
  magicLinksEnabled: settingsFields.magicLinksEnabled.default(true),
  registrationEnabled: settingsFields.registrationEnabled.default(false),
  registrationDomains: settingsFields.registrationDomains.default([]),
  ssoOnly: settingsFields.ssoOnly.default(false),
  ssoJitEnabled: settingsFields.ssoJitEnabled.default(false),
  ssoJitDomains: settingsFields.ssoJitDomains.default([]),
});
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/** Whether /auth offers 'Crear una cuenta': registration is on and some domain may use it. */
export function registrationOffered(
  settings: Pick<Settings, 'registrationEnabled' | 'registrationDomains'>,
): boolean {
  return settings.registrationEnabled && settings.registrationDomains.length > 0;
}

/**
 * The saved settings as GET and PUT /api/settings answer them: the same fields, without the rules
 * that shape input (an answer is written as it is, never transformed).
 */
export const settingsResponseSchema = z.object({
  autoRemindersEnabled: z.boolean(),
  reminderDay: z.number().int(),
  reminderTime: z.string(),
  mailFrom: z.string().nullable(),
  deadlineTime: z.string(),
  organisationTimezone: z.enum(TIMEZONES),
  maxFileBytes: z.number().int(),
  maxFiles: z.number().int(),
  allowLateSubmissions: z.boolean(),
  sessionHours: z.number().int(),
  personalTokenDays: z.number().int(),
  magicLinksEnabled: z.boolean(),
  registrationEnabled: z.boolean(),
  registrationDomains: z.array(z.string()),
  ssoOnly: z.boolean(),
  ssoJitEnabled: z.boolean(),
  ssoJitDomains: z.array(z.string()),
}) satisfies z.ZodType<Settings>;

/** PUT /api/settings (ADMIN): any of the settings; an unknown key is refused. */
export const updateSettingsSchema = z
  .strictObject(settingsFields, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? SETTINGS_MSG.unknownSetting(issue.keys[0] ?? '')
        : MSG.invalidInput,
  })
  .partial();
export type UpdateSettings = z.infer<typeof updateSettingsSchema>;
