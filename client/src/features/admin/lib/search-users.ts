/** Lower case without accents, so that 'jose' finds 'José'. */
function fold(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The users whose name or e-mail contains the search text (all of them when it is blank). */
export function searchUsers<T extends { fullName: string; email: string }>(
  users: readonly T[],
  search: string,
): T[] {
  const needle = fold(search.trim());
  if (!needle) return [...users];
  return users.filter((u) => fold(u.fullName).includes(needle) || fold(u.email).includes(needle));
}
