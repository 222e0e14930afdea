import { reportFileSchema, type ReportFile } from '@common/schemas/report';
import { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { panelKeys } from '@/lib/query-keys';

const filesSchema = z.array(reportFileSchema);

/** GET /api/files/submission/{id}: the attachments of one report, oldest first. */
export function getSubmissionFiles(submissionId: string): Promise<ReportFile[]> {
  return api.get(`/api/files/submission/${encodeURIComponent(submissionId)}`, filesSchema);
}

export const submissionFilesQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: panelKeys.files(submissionId),
    queryFn: () => getSubmissionFiles(submissionId),
    staleTime: 0,
  });

export function useSubmissionFiles(submissionId: string) {
  return useQuery(submissionFilesQueryOptions(submissionId));
}
