import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { createQueryClient } from '@/lib/query-client';
import { AppErrorBoundary } from './app-error';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <DeferredToaster />
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
