import { useState } from 'react';

/**
 * The page of a paged list, back to 1 whenever `of` changes: what is paged (the week, its
 * filters), so that a new week or a new filter always starts on its first page.
 */
export function usePage(of: string) {
  const [state, setState] = useState({ of, page: 1 });
  const page = state.of === of ? state.page : 1;
  const setPage = (next: number) => setState({ of, page: next });
  return [page, setPage] as const;
}
