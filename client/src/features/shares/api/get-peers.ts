import { peerSchema, type Peer } from '@common/schemas/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryRoots } from '@/lib/query-roots';

const peersSchema = peerSchema.array();

/** GET /api/users/same-role: the other leaders a leader may share their APPA with. */
export function getPeers(): Promise<Peer[]> {
  return api.get('/api/users/same-role', peersSchema);
}

export const peersQueryKey = [...queryRoots.shares, 'peers'] as const;

export const peersQueryOptions = () => queryOptions({ queryKey: peersQueryKey, queryFn: getPeers });

export function usePeers() {
  return useQuery(peersQueryOptions());
}
