import { reportFileSchema, type ReportFile } from '@common/schemas/report';
import { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

const filesSchema = z.array(reportFileSchema);

/** GET /api/files/submission/{id}: the attachments of one report, oldest first. */
export function getSubmissionFiles(submissionId: string): Promise<ReportFile[]> {
  return api.get(`/api/files/submission/${encodeURIComponent(submissionId)}`, filesSchema);
}

export const submissionFilesQueryKey = (submissionId: string) =>
  [...queryRoots.reviews, 'files', submissionId] as const;

export const submissionFilesQueryOptions = (submissionId: string) =>
  queryOptions({
    queryKey: submissionFilesQueryKey(submissionId),
    queryFn: () => getSubmissionFiles(submissionId),
    staleTime: 0,
  });

export function useSubmissionFiles(submissionId: string) {
  return useQuery(submissionFilesQueryOptions(submissionId));
}
