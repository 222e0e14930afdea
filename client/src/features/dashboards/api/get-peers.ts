import { peerSchema, type Peer } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { shareKeys } from '@/lib/query-keys';
import { DASHBOARD_STALE_TIME } from './get-hierarchy';

const peersSchema = peerSchema.array();

/** GET /api/users/same-role: the other leaders a leader may share their APPA with. */
export function getPeers(): Promise<Peer[]> {
  return api.get('/api/users/same-role', peersSchema);
}

export const peersQueryOptions = () =>
  queryOptions({ queryKey: shareKeys.peers(), queryFn: getPeers, staleTime: DASHBOARD_STALE_TIME });

export function usePeers() {
  return useQuery(peersQueryOptions());
}
