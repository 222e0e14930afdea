import {
  MB,
  MAX_FILE_MB_MAX,
  MAX_FILE_MB_MIN,
  SETTINGS_MSG,
  settingsSchema,
  type Settings,
  type UpdateSettings,
} from '@common/schemas/settings';
import { z } from 'zod';

const rules = settingsSchema.shape;

/** A list of domains typed as one text, separated by commas or new lines, checked by `rule`. */
function domainsText(rule: z.ZodType<string[], unknown>) {
  return z.string().transform((text, ctx) => {
    const parsed = rule.safeParse(splitDomains(text));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
    return z.NEVER;
  });
}

/**
 * The Configuración form: the shared rules (and Spanish messages) of each setting, with three
 * fields in the shape a person types them: the file size in MB, the sender as text ('' = none)
 * and the registration domains as one text, separated by commas or new lines.
 */
export const settingsFormSchema = z.object({
  autoRemindersEnabled: rules.autoRemindersEnabled,
  reminderDay: rules.reminderDay,
  reminderTime: rules.reminderTime,
  mailFrom: z
    .string()
    .transform((v) => v.trim() || null)
    .pipe(rules.mailFrom.unwrap()),
  deadlineTime: rules.deadlineTime,
  organisationTimezone: rules.organisationTimezone,
  maxFileMb: z
    .number({ error: SETTINGS_MSG.maxFileBytes })
    .int(SETTINGS_MSG.maxFileBytes)
    .min(MAX_FILE_MB_MIN, SETTINGS_MSG.maxFileBytes)
    .max(MAX_FILE_MB_MAX, SETTINGS_MSG.maxFileBytes),
  maxFiles: rules.maxFiles,
  allowLateSubmissions: rules.allowLateSubmissions,
  sessionHours: rules.sessionHours,
  personalTokenDays: rules.personalTokenDays,
  magicLinksEnabled: rules.magicLinksEnabled,
  registrationEnabled: rules.registrationEnabled,
  registrationDomains: domainsText(rules.registrationDomains),
});
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
type SettingsFormOutput = z.output<typeof settingsFormSchema>;

export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);
}

type SsoSetting = 'ssoOnly' | 'ssoJitEnabled' | 'ssoJitDomains';

export function toFormValues(settings: Settings): SettingsFormValues {
  const { maxFileBytes, mailFrom, registrationDomains, ...rest } = settings;
  return {
    ...rest,
    maxFileMb: Math.round(maxFileBytes / MB),
    mailFrom: mailFrom ?? '',
    registrationDomains: registrationDomains.join(', '),
  };
}

/** Only the settings that differ from the saved ones: PUT /api/settings takes a partial body. */
export function changedSettings(saved: Settings, values: SettingsFormOutput): UpdateSettings {
  const { maxFileMb, ...rest } = values;
  // The single sign-on settings have a card of their own, which saves them.
  const next: Omit<Settings, SsoSetting> = { ...rest, maxFileBytes: maxFileMb * MB };
  // An unchanged size in MB keeps a stored size that is not a whole number of MB.
  if (Math.round(saved.maxFileBytes / MB) === maxFileMb) next.maxFileBytes = saved.maxFileBytes;
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(saved[key])) changes[key] = next[key];
  }
  return changes as UpdateSettings;
}

/** The single sign-on card's form: its own three settings, the domains typed as one text. */
export const ssoFormSchema = z.object({
  ssoOnly: rules.ssoOnly,
  ssoJitEnabled: rules.ssoJitEnabled,
  ssoJitDomains: domainsText(rules.ssoJitDomains),
});
export type SsoFormValues = z.input<typeof ssoFormSchema>;

export function toSsoFormValues(settings: Settings): SsoFormValues {
  return {
    ssoOnly: settings.ssoOnly,
    ssoJitEnabled: settings.ssoJitEnabled,
    ssoJitDomains: settings.ssoJitDomains.join(', '),
  };
}
