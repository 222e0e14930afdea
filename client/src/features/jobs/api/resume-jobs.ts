import { jobsStatusSchema, type JobsStatus } from '@common/schemas/jobs';
import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAuditLog } from '@/lib/query-roots';
import { jobsStatusQueryKey } from './get-jobs-status';

/** POST /api/admin/jobs/resume (ADMIN): lifts the pause a restore set. */
export function resumeJobs(): Promise<JobsStatus> {
  return api.post('/api/admin/jobs/resume', jobsStatusSchema);
}

export const resumeJobsMutationOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: resumeJobs,
    onSuccess: (status) => {
      queryClient.setQueryData(jobsStatusQueryKey, status);
      // The resume is written to the audit log.
      void invalidateAuditLog(queryClient);
    },
  });

export function useResumeJobs() {
  const queryClient = useQueryClient();
  return useMutation(resumeJobsMutationOptions(queryClient));
}
