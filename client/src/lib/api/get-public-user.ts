import { publicUserSchema, type PublicUser } from '@common/schemas/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/users/slug/{slug}: who a personal link belongs to, or null when nobody (404). */
export async function getPublicUser(slug: string): Promise<PublicUser | null> {
  try {
    return await api.get(`/api/users/slug/${encodeURIComponent(slug)}`, publicUserSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const publicUserQueryKey = (slug: string) => [...queryRoots.users, 'slug', slug] as const;

export const publicUserQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: publicUserQueryKey(slug),
    queryFn: () => getPublicUser(slug),
  });

export function usePublicUser(slug: string) {
  return useQuery(publicUserQueryOptions(slug));
}
