import { z } from 'zod';
import { ROLE_LABELS, ROLES, SETTABLE_USER_STATUSES, TIMEZONES, type Role } from '../roles';
import { foldAccents } from '../text';
import { userSchema } from './auth';

export const USER_MSG = {
  emailInvalid: 'Correo electrónico no válido',
  fullNameRequired: 'El nombre completo es requerido',
  emailTaken: 'Ya existe un usuario con ese correo electrónico',
  userNotFound: 'Usuario no encontrado',
  managerNotFound: 'El responsable indicado no existe',
  managerLoop: 'Esa asignación crearía un ciclo en la jerarquía',
  managerSelf: 'Un usuario no puede ser su propio responsable',
  invalidRole: 'Rol no válido',
  invalidStatus: 'Estado no válido',
  invalidTimezone: 'Zona horaria no válida',
  cannotSuspendSelf: 'No puedes suspender tu propia cuenta',
  cannotDemoteSelf: 'No puedes quitarte el rol de administrador',
  userActivated: 'Usuario activado',
  userSuspended: 'Usuario suspendido',
  cargoTooLong: 'El cargo admite como máximo 200 caracteres',
  unidadTooLong: 'La unidad organizacional admite como máximo 200 caracteres',
  signInUnblocked: (fullName: string) => `${fullName} ya puede volver a iniciar sesión`,
} as const;

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** An e-mail as APPA keeps it: the same check for people created by hand and at first sign-in. */
export const userEmailSchema = z
  .email(USER_MSG.emailInvalid)
  .trim()
  .toLowerCase()
  .max(254, USER_MSG.emailInvalid);

const userFields = {
  email: userEmailSchema,
  fullName: z
    .string({ error: USER_MSG.fullNameRequired })
    .trim()
    .min(1, USER_MSG.fullNameRequired)
    .max(200, USER_MSG.fullNameRequired),
  role: z.enum(ROLES, { error: USER_MSG.invalidRole }),
  managerId: z.uuid(USER_MSG.managerNotFound).nullable(),
  cargo: optionalText(200, USER_MSG.cargoTooLong),
  unidadOrganizacional: optionalText(200, USER_MSG.unidadTooLong),
  timezone: z.enum(TIMEZONES, { error: USER_MSG.invalidTimezone }),
};

/** POST /api/users (ADMIN): the create-user form plus the hierarchy fields. */
export const createUserSchema = z.object({
  email: userFields.email,
  fullName: userFields.fullName,
  role: userFields.role.default('USER'),
  managerId: userFields.managerId.optional().default(null),
  cargo: userFields.cargo,
  unidadOrganizacional: userFields.unidadOrganizacional,
  timezone: userFields.timezone.default('America/Lima'),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** PATCH /api/users/{id} (ADMIN): any of the fields. */
export const updateUserSchema = z
  .object({
    email: userFields.email,
    fullName: userFields.fullName,
    role: userFields.role,
    managerId: userFields.managerId,
    cargo: userFields.cargo,
    unidadOrganizacional: userFields.unidadOrganizacional,
    timezone: userFields.timezone,
  })
  .partial();
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/** PUT /api/users/{id}/status. */
export const userStatusSchema = z.object({
  status: z.enum(SETTABLE_USER_STATUSES, { error: USER_MSG.invalidStatus }),
});

/**
 * A user as the administrator's lists show them, with what the viewer may do to them (decided by
 * the server's policies): GET /api/users, PATCH /api/users/{id}, PUT /api/users/{id}/status.
 */
export const adminUserSchema = z.object({
  ...userSchema.shape,
  abilities: z.object({
    /** Change their fields (Editar). */
    edit: z.boolean(),
    /** Suspend or reactivate them; nobody suspends themself. */
    suspend: z.boolean(),
    /** Give them a new temporary password (Cambiar contraseña). */
    resetPassword: z.boolean(),
    /** Send them a reminder (Recordar): active people only. */
    remind: z.boolean(),
    /** Let them try to sign in again now (Desbloquear acceso): only while failed attempts hold them back. */
    unblockSignIn: z.boolean(),
  }),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** PUT /api/users/{id}/status: the toast text and the user as they are now. */
export const userStatusResponseSchema = z.object({ message: z.string(), user: adminUserSchema });
export type UserStatusResponse = z.infer<typeof userStatusResponseSchema>;

/** A user as the panel lists them (GET /api/users/with-counts adds submissionCount). */
export const userWithCountSchema = z.object({
  ...adminUserSchema.shape,
  submissionCount: z.number().int(),
});
export type UserWithCount = z.infer<typeof userWithCountSchema>;

/**
 * POST /api/users: the temporary password is shown once, to a session. Through an API token it is
 * null: the person receives it by e-mail alone, so a token's holder cannot sign in as them.
 */
export const createdUserSchema = z.object({
  user: userSchema,
  temporaryPassword: z.string().nullable(),
});
export type CreatedUser = z.infer<typeof createdUserSchema>;
export const passwordResetSchema = z.object({
  message: z.string(),
  temporaryPassword: z.string(),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;

// --- Carga Masiva (POST /api/users/bulk-upload) -------------------------------------------------

/** Rows per request; the panel sends a larger file in several requests to show progress. */
export const BULK_MAX_ROWS = 1000;

export const BULK_MSG = {
  noValidUsers: 'No se encontraron usuarios válidos en el texto ingresado',
  invalidFormat: 'El formato del texto no es válido. Use CSV o JSON.',
  tooManyRows: `Se pueden importar como máximo ${BULK_MAX_ROWS} usuarios por envío`,
  rowNotObject: 'La fila no tiene el formato esperado',
  emailRequired: 'Falta el correo electrónico',
  duplicateInBatch: 'El correo está repetido en la carga',
  invalidRole: 'Rol no válido (use Administrador, Consejo, VP, Gerente, Líder o Usuario)',
  managerTooLong: 'El jefe se indica con su correo o su usuario',
  managerSuspended: 'El jefe indicado está suspendido',
  managerNotImported: 'El jefe indicado no se pudo importar (vea su fila)',
} as const;

/** 'Líder ' → 'lider': how headers, role names and keys are compared. */
export function foldText(text: string): string {
  return foldAccents(text)
    .trim()
    .replace(/[\s_-]+/g, ' ');
}

const ROLE_NAMES: Record<string, Role> = {
  ...Object.fromEntries(ROLES.map((r) => [foldText(r), r])),
  ...Object.fromEntries(Object.entries(ROLE_LABELS).map(([r, label]) => [foldText(label), r])),
  admin: 'ADMIN',
  user: 'USER',
  leader: 'LIDER',
  manager: 'GERENTE',
  board: 'CONSEJO',
};

/** A role written as its code or its Spanish label, any case, with or without accents. */
export function parseRoleName(text: string): Role | undefined {
  return ROLE_NAMES[foldText(text)];
}

const cell = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v).trim()));

/**
 * One row of a bulk import, as the panel read it from CSV or JSON. Every value arrives as text;
 * a row refused here is reported with the first message and the others still import.
 */
export const bulkUserRowSchema = z
  .object({
    email: cell.pipe(z.string().min(1, BULK_MSG.emailRequired).pipe(userFields.email)),
    fullName: cell.pipe(userFields.fullName),
    cargo: cell.pipe(z.string().max(200, USER_MSG.cargoTooLong)).transform((v) => v || null),
    unidadOrganizacional: cell
      .pipe(z.string().max(200, USER_MSG.unidadTooLong))
      .transform((v) => v || null),
    /** The person's manager: the e-mail or user name of someone who exists or of a row above. */
    manager: cell
      .pipe(z.string().max(254, BULK_MSG.managerTooLong))
      .transform((v) => v.toLowerCase() || null),
    role: cell.transform((v, ctx) => {
      if (!v) return 'USER' as Role;
      const role = parseRoleName(v);
      if (!role) {
        ctx.addIssue({ code: 'custom', message: BULK_MSG.invalidRole });
        return z.NEVER;
      }
      return role;
    }),
    timezone: cell.pipe(
      z
        .string()
        .transform((v) => v || 'America/Lima')
        .pipe(userFields.timezone),
    ),
  })
  .strip();
export type BulkUserRow = z.input<typeof bulkUserRowSchema>;

export const bulkUploadSchema = z.object({
  users: z
    .array(z.unknown(), { error: BULK_MSG.invalidFormat })
    .min(1, BULK_MSG.noValidUsers)
    .max(BULK_MAX_ROWS, BULK_MSG.tooManyRows),
});

/** `index` is the row's position in the request's `users` list. */
export const bulkUploadResultSchema = z.object({
  message: z.string(),
  created: z.array(
    z.object({
      index: z.number().int(),
      user: userSchema,
      /** Null through an API token, as for POST /api/users. */
      temporaryPassword: z.string().nullable(),
    }),
  ),
  skipped: z.array(z.object({ index: z.number().int(), email: z.string(), reason: z.string() })),
  refused: z.array(
    z.object({ index: z.number().int(), email: z.string().nullable(), reason: z.string() }),
  ),
});
export type BulkUploadResult = z.infer<typeof bulkUploadResultSchema>;

/** The sentence the 'Carga masiva completada' toast shows. */
export function bulkSummary(created: number, skipped: number, refused: number): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    plural(created, 'usuario creado', 'usuarios creados'),
    plural(skipped, 'omitido por existir', 'omitidos por existir'),
    plural(refused, 'rechazado', 'rechazados'),
  ].join(', ');
}
