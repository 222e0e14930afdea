import { z } from 'zod';
import { MSG } from '../../../common/messages';
import { publicUserSchema, type PublicUser } from '../../../common/schemas/auth';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Api } from '../../plugins/route-facts';
import { presentPublicUser } from '../../presenters/user';

const slugParams = z.object({ slug: z.string().max(120, MSG.userNotFound) });

export function userRoutes(app: Api, ctx: AppContext) {
  // Public: the personal login page greets the person; nothing else about them leaves.
  app.get(
    '/api/users/slug/:slug',
    {
      schema: { params: slugParams, response: { 200: publicUserSchema } },
      config: {
        public: 'the personal sign-in page greets the person by name before they sign in',
        allowDuringPasswordChange: true,
      },
    },
    async (request): Promise<PublicUser> => {
      const { slug } = request.params;
      const [row] = await ctx.db
        .select({ fullName: users.fullName, slug: users.slug })
        .from(users)
        // A suspended person's link is answered as unknown: it no longer greets anyone by name.
        .where(and(eq(users.slug, slug.toLowerCase()), eq(users.status, 'ACTIVO')))
        .limit(1);
      if (!row) throw notFound(MSG.userNotFound);
      return presentPublicUser(row);
    },
  );
}
