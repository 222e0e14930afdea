import { jobsStatusSchema, type JobsStatus } from '@common/schemas/jobs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

/** GET /api/admin/jobs (ADMIN): whether scheduled jobs run, are paused or are off. */
export function getJobsStatus(): Promise<JobsStatus> {
  return api.get('/api/admin/jobs', jobsStatusSchema);
}

export const jobsStatusQueryKey = queryRoots.jobs;

export const jobsStatusQueryOptions = () =>
  queryOptions({ queryKey: jobsStatusQueryKey, queryFn: getJobsStatus });

export function useJobsStatus() {
  return useQuery(jobsStatusQueryOptions());
}
