import { z } from 'zod';
import {
  adminUserSchema,
  bulkUploadResultSchema,
  bulkUploadSchema,
  bulkUserRowSchema,
  createdUserSchema,
  createUserSchema,
  passwordResetSchema,
  updateUserSchema,
  userStatusResponseSchema,
  userStatusSchema,
  userWithCountSchema,
  USER_MSG,
  type BulkUploadResult,
  type CreatedUser,
  type PasswordReset,
  type AdminUser,
  type UserWithCount,
} from '../../../common/schemas/users';
import { messageResponseSchema } from '../../../common/schemas/auth';
import { HIERARCHY_SCOPE } from '../../../common/schemas/api-tokens';
import type { AppContext } from '../../context';
import { requireAuth } from '../../plugins/auth';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { authorize } from '../../policies';
import { authorizeTokenPeopleWrites } from '../../policies/api-token';
import {
  adminCreateUser,
  adminResetPassword,
  adminSetStatus,
  adminUnblockSignIn,
  adminUpdateUser,
  listUsers,
  listUsersWithCounts,
  loadUser,
  loadUserWithTeam,
} from './admin-service';
import { adminBulkCreate } from './bulk';
import { kickMail } from '../../services/mail-queue';

const idParams = z.object({ id: z.uuid(USER_MSG.userNotFound) });

/** The panel's Gestión de Usuarios: every call is ADMIN only, and every write changes people. */
export function userAdminRoutes(app: Api, ctx: AppContext) {
  app.get(
    '/api/users',
    {
      schema: {
        operationId: 'listUsers',
        summary: 'Listar los usuarios',
        response: { 200: z.array(adminUserSchema) },
      },
      config: { tokenScope: 'users:read' },
    },
    async (request): Promise<AdminUser[]> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'users:manage');
      return listUsers(ctx, user);
    },
  );

  app.get(
    '/api/users/with-counts',
    {
      schema: {
        operationId: 'listUsersWithCounts',
        summary: 'Listar los usuarios con sus reportes enviados',
        response: { 200: z.array(userWithCountSchema) },
      },
      config: { tokenScope: 'users:read' },
    },
    async (request): Promise<UserWithCount[]> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'users:manage');
      return listUsersWithCounts(ctx, user);
    },
  );

  app.post(
    '/api/users',
    {
      schema: {
        operationId: 'createUser',
        summary: 'Crear un usuario',
        body: createUserSchema,
        response: {
          200: createdUserSchema,
          ...refusals({ 409: 'El correo ya es de otra persona.' }),
        },
      },
      config: {
        tokenScope: 'users:write',
        hierarchyScope: HIERARCHY_SCOPE,
        announces: ['user.created'],
      },
    },
    async (request): Promise<CreatedUser> => {
      const auth = requireAuth(request);
      const { user } = auth;
      await authorize(ctx, user, 'users:manage');
      const { role, managerId } = request.body;
      await authorizeTokenPeopleWrites(ctx, auth.apiToken, [{ before: null, role, managerId }]);
      const created = await adminCreateUser(ctx, request.log, user, request.body);
      kickMail(ctx, request.log);
      return auth.apiToken ? { ...created, temporaryPassword: null } : created;
    },
  );

  app.post(
    '/api/users/bulk-upload',
    {
      schema: {
        operationId: 'createUsersInBulk',
        summary: 'Crear usuarios en bloque',
        body: bulkUploadSchema,
        response: { 200: bulkUploadResultSchema },
      },
      config: {
        tokenScope: 'users:write',
        hierarchyScope: HIERARCHY_SCOPE,
        announces: ['user.created', 'user.bulk_uploaded'],
      },
    },
    async (request): Promise<BulkUploadResult> => {
      const auth = requireAuth(request);
      const { user } = auth;
      await authorize(ctx, user, 'users:manage');
      // Rows that do not parse are refused one by one later; those that do are what it would set.
      await authorizeTokenPeopleWrites(
        ctx,
        auth.apiToken,
        request.body.users.flatMap((row) => {
          const parsed = bulkUserRowSchema.safeParse(row).data;
          return parsed ? [{ before: null, role: parsed.role, managerId: parsed.manager }] : [];
        }),
      );
      const result = await adminBulkCreate(ctx, request.log, user, request.body);
      kickMail(ctx, request.log);
      if (!auth.apiToken) return result;
      return {
        ...result,
        created: result.created.map((row) => ({ ...row, temporaryPassword: null })),
      };
    },
  );

  app.patch(
    '/api/users/:id',
    {
      schema: {
        operationId: 'updateUser',
        summary: 'Modificar un usuario',
        params: idParams,
        body: updateUserSchema,
        response: {
          200: adminUserSchema,
          ...refusals({ 409: 'El correo ya es de otra persona.' }),
        },
      },
      config: { tokenScope: 'users:write', hierarchyScope: HIERARCHY_SCOPE, invalidates: 'people' },
    },
    async (request): Promise<AdminUser> => {
      const auth = requireAuth(request);
      const { user } = auth;
      await authorize(ctx, user, 'users:manage');
      const { id } = request.params;
      if (auth.apiToken) {
        const before = await loadUser(ctx, id);
        await authorizeTokenPeopleWrites(ctx, auth.apiToken, [{ before, ...request.body }]);
      }
      return adminUpdateUser(ctx, user, id, request.body);
    },
  );

  app.put(
    '/api/users/:id/status',
    {
      schema: {
        operationId: 'setUserStatus',
        summary: 'Activar o suspender un usuario',
        params: idParams,
        body: userStatusSchema,
        response: { 200: userStatusResponseSchema },
      },
      config: {
        tokenScope: 'users:write',
        hierarchyScope: HIERARCHY_SCOPE,
        announces: ['user.status_changed'],
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { user } = auth;
      await authorize(ctx, user, 'users:manage');
      const { id } = request.params;
      const { status } = request.body;
      if (auth.apiToken) {
        const before = await loadUserWithTeam(ctx, id);
        await authorizeTokenPeopleWrites(ctx, auth.apiToken, [{ before, status }]);
      }
      const answer = await adminSetStatus(ctx, request.log, user, id, status);
      // A suspension may have queued the notice of the person's revoked tokens.
      kickMail(ctx, request.log);
      return answer;
    },
  );

  app.delete(
    '/api/users/:id/sign-in-throttle',
    {
      schema: {
        operationId: 'unblockSignIn',
        summary: 'Desbloquear el inicio de sesión de un usuario',
        params: idParams,
        response: { 200: messageResponseSchema },
      },
      // Attempt counts, which no kept answer shows (the users table is not kept).
      config: { tokenScope: false, invalidates: false },
    },
    async (request) => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'users:manage');
      return adminUnblockSignIn(ctx, user, request.params.id);
    },
  );

  app.put(
    '/api/users/:id/password',
    {
      schema: {
        operationId: 'resetUserPassword',
        summary: 'Restablecer la contraseña de un usuario',
        params: idParams,
        response: { 200: passwordResetSchema },
      },
      config: { tokenScope: false, invalidates: 'people' },
    },
    async (request): Promise<PasswordReset> => {
      const { user } = requireAuth(request);
      await authorize(ctx, user, 'users:manage');
      const { id } = request.params;
      const reset = await adminResetPassword(ctx, user, id);
      kickMail(ctx, request.log);
      return reset;
    },
  );
}
