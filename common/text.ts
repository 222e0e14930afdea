/** Lower case without accents, so that 'jose' finds 'José' (searches and comparisons). */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
