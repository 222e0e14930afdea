import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** An e-mailed link that cannot be used: why, then the ways on (`children`, buttons). */
export function LinkFailure({ message, children }: { message: string; children: ReactNode }) {
  return (
    <>
      <Alert variant="destructive" role="alert">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      {children}
    </>
  );
}
