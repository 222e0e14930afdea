import { z } from 'zod';

/** API tokens: what scripts and other systems use instead of a person's session. */

/** What a token may be used for; every route a token reaches names one of these. */
export const API_SCOPES = [
  'reports:read',
  'users:read',
  'users:write',
  'people:admin',
  'reminders:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  'reports:read': 'Leer reportes',
  'users:read': 'Leer usuarios',
  'users:write': 'Crear y editar usuarios',
  'people:admin': 'Decidir roles y jefes',
  'reminders:write': 'Enviar recordatorios',
};

/**
 * The scope that decides who reads whose reports. A role other than Usuario, and a manager, give
 * reading rights over other people's reports; whoever holds a token that sets them could hand
 * those rights to an account they control. So `users:write` alone never sets them, and this scope
 * is given only to service tokens, which only administrators make.
 */
export const HIERARCHY_SCOPE = 'people:admin' satisfies ApiScope;

/** What the token screens say of a scope beside its label, where the label is not enough. */
export const API_SCOPE_WARNINGS: Partial<Record<ApiScope, string>> = {
  'people:admin':
    'Equivale a decidir quién lee los reportes de quién: crea personas con un rol distinto de ' +
    'Usuario o con jefe, cambia roles y jefes, y reactiva a quien tiene uno de esos roles o ' +
    'personas a su cargo. Solo para tokens de servicio.',
};

/** Scopes a personal token never carries. */
export const SERVICE_ONLY_SCOPES: readonly ApiScope[] = [HIERARCHY_SCOPE];

/**
 * PERSONAL: anyone's own, acting as them. SERVICE: an administrator's, for another system,
 * acting with that administrator's rights while they remain an active administrator.
 */
export const API_TOKEN_KINDS = ['PERSONAL', 'SERVICE'] as const;
export type ApiTokenKind = (typeof API_TOKEN_KINDS)[number];

/** Every token starts so, which tells it from a session's token at a glance (and to scanners). */
export const API_TOKEN_PREFIX = 'appa_';

export const API_TOKEN_MSG = {
  name: 'Escribe un nombre para el token (hasta 100 caracteres)',
  kind: 'El tipo de token debe ser personal o de servicio',
  scopes: 'Elige al menos un permiso válido para el token',
  expiresAt: 'La fecha de vencimiento debe tener el formato AAAA-MM-DD',
  expiresPast: 'La fecha de vencimiento debe ser posterior a hoy',
  expiresTooFar: 'Un token no puede durar más de dos años',
  personalExpiresTooFar: 'Un token personal no puede durar más de un año',
  serviceForAdmins: 'Solo un administrador puede crear tokens de servicio',
  notFound: 'Token no encontrado',
  revoked: 'Token revocado',
  invalid: 'El token no es válido, venció o fue revocado',
  outOfScope: 'El token no tiene permiso para esta operación',
  tokensCannotManageTokens: 'Los tokens se gestionan con una sesión, no con otro token',
  administratorsNeedSession:
    'Los administradores se crean y modifican con una sesión, no con un token',
  emailNeedsSession: 'El correo de una persona se cambia con una sesión, no con un token',
  serviceOnlyScope:
    'El permiso people:admin (decidir roles y jefes) solo puede darse a un token de servicio',
  hierarchyNeedsUsersWrite:
    'El permiso people:admin (decidir roles y jefes) se da junto con users:write (crear y editar usuarios)',
  roleNeedsHierarchyScope:
    'Dar o cambiar un rol decide quién lee los reportes de quién: el token necesita el permiso people:admin',
  managerNeedsHierarchyScope:
    'Asignar o cambiar el jefe de una persona decide quién lee sus reportes: el token necesita el permiso people:admin',
  reactivationNeedsHierarchyScope:
    'Reactivar a una persona con un rol distinto de Usuario, o con personas a su cargo, le devuelve la lectura de reportes ajenos: el token necesita el permiso people:admin',
  tooMany: 'Demasiadas solicitudes con este token. Intenta nuevamente en un momento.',
  ssoOnlyRefused:
    'Este token personal dejó de funcionar: la organización solo permite ingresar con inicio de sesión único.',
  ssoOnlyCannotCreate:
    'La organización solo permite ingresar con inicio de sesión único: no se pueden crear tokens personales. Si un sistema necesita acceso, pide a un administrador un token de servicio.',
  revokedWithPassword: (count: number) =>
    count === 1 ? 'Se revocó tu token personal.' : `Se revocaron tus ${count} tokens personales.`,
} as const;

/** POST /api/tokens. */
export const createApiTokenSchema = z.object({
  name: z
    .string({ error: API_TOKEN_MSG.name })
    .trim()
    .min(1, API_TOKEN_MSG.name)
    .max(100, API_TOKEN_MSG.name),
  kind: z.enum(API_TOKEN_KINDS, { error: API_TOKEN_MSG.kind }).default('PERSONAL'),
  scopes: z
    .array(z.enum(API_SCOPES, { error: API_TOKEN_MSG.scopes }), { error: API_TOKEN_MSG.scopes })
    .min(1, API_TOKEN_MSG.scopes)
    .max(API_SCOPES.length, API_TOKEN_MSG.scopes)
    .transform((scopes) => [...new Set(scopes)]),
  /**
   * The last day it works (in UTC). None: a personal token lasts the organisation's default
   * (personalTokenDays), a service token until revoked.
   */
  expiresAt: z.iso.date({ error: API_TOKEN_MSG.expiresAt }).nullable().optional(),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(API_TOKEN_KINDS),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The first characters, so that a person can tell their tokens apart. */
  preview: z.string(),
  owner: z.object({ id: z.string(), fullName: z.string() }),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** What the viewer's next personal token gets. */
export const personalTokenRulesSchema = z.object({
  /** Why they may not make one now (only single sign-on lets them in); null: they may. */
  refusal: z.string().nullable(),
  /** Its life in days when no last day is given. */
  defaultDays: z.number().int(),
  /** The longest it may be asked to live, in days. */
  maxDays: z.number().int(),
});
export type PersonalTokenRules = z.infer<typeof personalTokenRulesSchema>;

export const apiTokenListSchema = z.object({
  tokens: z.array(apiTokenSchema),
  personal: personalTokenRulesSchema,
});

/** The answer to its creation: the only time the token itself is shown. */
export const createdApiTokenSchema = z.object({ token: z.string(), apiToken: apiTokenSchema });
