import { foldAccents } from '@common/text';

/** The users whose name or e-mail contains the search text (all of them when it is blank). */
export function searchUsers<T extends { fullName: string; email: string }>(
  users: readonly T[],
  search: string,
): T[] {
  const needle = foldAccents(search.trim());
  if (!needle) return [...users];
  return users.filter(
    (u) => foldAccents(u.fullName).includes(needle) || foldAccents(u.email).includes(needle),
  );
}
