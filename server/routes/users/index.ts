import { z } from 'zod';
import { THROTTLE } from '../../../common/constants';
import { MSG } from '../../../common/messages';
import { publicUserSchema, type PublicUser } from '../../../common/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { refusals } from '../../plugins/openapi';
import type { Api } from '../../plugins/route-facts';
import { presentPublicUser } from '../../presenters/user';
import { assertNotBlocked, reserveAttempt, rule } from '../../services/throttle';

const slugParams = z.object({ slug: z.string().max(120, MSG.userNotFound) });

export function userRoutes(app: Api, ctx: AppContext) {
  // Public: the personal login page greets the person; nothing else about them leaves.
  app.get(
    '/api/users/slug/:slug',
    {
      schema: {
        operationId: 'getUserBySlug',
        summary: 'Leer a quién pertenece un enlace personal',
        params: slugParams,
        response: {
          200: publicUserSchema,
          ...refusals({ 429: 'Demasiados enlaces probados desde esta dirección.' }),
        },
      },
      config: {
        tokenScope: 'users:read',
        public: 'the personal sign-in page greets the person by name before they sign in',
        allowDuringPasswordChange: true,
      },
    },
    async (request): Promise<PublicUser> => {
      const { slug } = request.params;
      // Links that lead nowhere count against the address, so that they cannot be enumerated.
      const now = ctx.clock();
      const misses = [rule(`slug-misses:${request.ip}`, THROTTLE.slugMisses)];
      await assertNotBlocked(ctx.db, misses, now);
      const [row] = await ctx.db
        .select({ fullName: users.fullName, slug: users.slug })
        .from(users)
        // A suspended person's link is answered as unknown: it no longer greets anyone by name.
        .where(and(eq(users.slug, slug.toLowerCase()), eq(users.status, 'ACTIVO')))
        .limit(1);
      if (!row) {
        await reserveAttempt(ctx.db, misses, now);
        throw notFound(MSG.userNotFound);
      }
      return presentPublicUser(row);
    },
  );
}
