import { panelSubmissionSchema, type PanelSubmission } from '@common/schemas/panel';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

/** GET /api/appa/{id}: one report in the panel's shape (reader or reviewer). */
export function getAppa(id: string): Promise<PanelSubmission> {
  return api.get(`/api/appa/${encodeURIComponent(id)}`, panelSubmissionSchema);
}

export const appaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: panelKeys.detail(id),
    queryFn: () => getAppa(id),
    // Several reviewers may work on the same report: the dialog re-reads it when it opens.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

/** The report, starting from the copy the list already holds when there is one. */
export function useAppa(id: string, initialData?: PanelSubmission) {
  return useQuery({ ...appaQueryOptions(id), initialData, initialDataUpdatedAt: 0 });
}
