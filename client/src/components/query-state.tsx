import type { ReactNode } from 'react';
import { failureMessage, RetryAlert } from '@/components/retry-alert';
import { Spinner } from '@/components/ui/spinner';

/** A query's three states: spinner, error with Reintentar, or its content. */
export function QueryState<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.error) {
    return (
      <RetryAlert message={failureMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <div className="flex justify-center py-8">
      <Spinner />
    </div>
  );
}
