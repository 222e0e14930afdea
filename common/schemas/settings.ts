import { z } from 'zod';
import { MAX_FILE_BYTES_DEFAULT, MAX_FILES_DEFAULT, SESSION_DEFAULT_HOURS } from '../constants';
import { DEFAULT_TIMEZONE, TIMEZONES } from '../roles';

/** The organisation's saved settings (Configuración tab); every field has its default. */
export const settingsSchema = z.object({
  /** "Duración de sesión": absolute session lifetime in hours. */
  sessionHours: z.number().int().min(1).max(168).default(SESSION_DEFAULT_HOURS),
  /** "Enlaces mágicos": sign-in by e-mailed link. */
  magicLinksEnabled: z.boolean().default(true),
  /** Self-registration is off unless an administrator lists the e-mail domains allowed. */
  registrationEnabled: z.boolean().default(false),
  registrationDomains: z.array(z.string().toLowerCase()).default([]),
  organisationTimezone: z.enum(TIMEZONES).default(DEFAULT_TIMEZONE),
  maxFiles: z.number().int().min(1).max(50).default(MAX_FILES_DEFAULT),
  maxFileBytes: z
    .number()
    .int()
    .min(1024 * 1024)
    .max(100 * 1024 * 1024)
    .default(MAX_FILE_BYTES_DEFAULT),
});
export type Settings = z.infer<typeof settingsSchema>;
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});
