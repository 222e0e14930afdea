import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  bulkUploadSchema,
  createUserSchema,
  updateUserSchema,
  userStatusSchema,
  USER_MSG,
  type BulkUploadResult,
  type CreatedUser,
  type PasswordReset,
  type AdminUser,
  type UserWithCount,
} from '../../../common/schemas/users';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { authorize } from '../../policies';
import {
  adminCreateUser,
  adminResetPassword,
  adminSetStatus,
  adminUpdateUser,
  listUsers,
  listUsersWithCounts,
} from './admin-service';
import { adminBulkCreate } from './bulk';

const idParams = z.object({ id: z.uuid(USER_MSG.userNotFound) });

/** The panel's Gestión de Usuarios: every call is ADMIN only. */
export function userAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/users', async (request): Promise<AdminUser[]> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'users:manage');
    return listUsers(ctx, user);
  });

  app.get('/api/users/with-counts', async (request): Promise<UserWithCount[]> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'users:manage');
    return listUsersWithCounts(ctx, user);
  });

  app.post('/api/users', async (request): Promise<CreatedUser> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'users:manage');
    const input = parse(createUserSchema, request.body);
    const { mailed: _, ...created } = await adminCreateUser(ctx, user, input);
    return created;
  });

  app.post('/api/users/bulk-upload', async (request): Promise<BulkUploadResult> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'users:manage');
    return adminBulkCreate(ctx, user, parse(bulkUploadSchema, request.body));
  });

  app.patch('/api/users/:id', async (request): Promise<AdminUser> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'users:manage');
    const { id } = parse(idParams, request.params);
    return adminUpdateUser(ctx, user, id, parse(updateUserSchema, request.body));
  });

  app.put('/api/users/:id/status', async (request) => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'users:manage');
    const { id } = parse(idParams, request.params);
    const { status } = parse(userStatusSchema, request.body);
    return adminSetStatus(ctx, user, id, status);
  });

  app.put('/api/users/:id/password', async (request): Promise<PasswordReset> => {
    const { user } = requireAuth(request);
    await authorize(ctx, user, 'users:manage');
    const { id } = parse(idParams, request.params);
    return adminResetPassword(ctx, user, id);
  });
}
