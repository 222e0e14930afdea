import { z } from 'zod';
import { ROLES, TIMEZONES, USER_STATUSES } from '../roles';
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
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const userFields = {
  email: z.email(USER_MSG.emailInvalid).trim().toLowerCase().max(254, USER_MSG.emailInvalid),
  fullName: z
    .string({ error: USER_MSG.fullNameRequired })
    .trim()
    .min(1, USER_MSG.fullNameRequired)
    .max(200, USER_MSG.fullNameRequired),
  role: z.enum(ROLES, { error: USER_MSG.invalidRole }),
  managerId: z.uuid(USER_MSG.managerNotFound).nullable(),
  cargo: optionalText(200),
  unidadOrganizacional: optionalText(200),
  timezone: z.enum(TIMEZONES, { error: USER_MSG.invalidTimezone }),
};

/** POST /api/users (ADMIN): the create-user form of spec 2 §3 plus the hierarchy fields. */
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
  status: z.enum(USER_STATUSES, { error: USER_MSG.invalidStatus }),
});

/** A user as the panel lists them (GET /api/users/with-counts adds submissionCount). */
export const userWithCountSchema = userSchema.extend({ submissionCount: z.number().int() });
export type UserWithCount = z.infer<typeof userWithCountSchema>;

/** POST /api/users and PUT /api/users/{id}/password: the temporary password is shown once. */
export const createdUserSchema = z.object({ user: userSchema, temporaryPassword: z.string() });
export type CreatedUser = z.infer<typeof createdUserSchema>;
export const passwordResetSchema = z.object({
  message: z.string(),
  temporaryPassword: z.string(),
});
export type PasswordReset = z.infer<typeof passwordResetSchema>;
