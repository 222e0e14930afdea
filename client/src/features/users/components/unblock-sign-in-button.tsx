import type { User } from '@common/schemas/auth';
import { LockOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useUnblockSignIn } from '../api/unblock-sign-in';

/** 'Desbloquear acceso': shown while failed sign-ins hold the person back. */
export function UnblockSignInButton({ user }: { user: User }) {
  const unblock = useUnblockSignIn();
  return (
    <Button
      variant="ghost"
      size="sm"
      className="size-9 px-0"
      aria-label={`Desbloquear acceso de ${user.fullName}`}
      title="Desbloquear acceso"
      disabled={unblock.isPending}
      onClick={() =>
        unblock.mutate(user.id, {
          onSuccess: ({ message }) => toast({ title: 'Acceso desbloqueado', description: message }),
          onError: (error) =>
            toast({ variant: 'destructive', title: 'Error', description: error.message }),
        })
      }
    >
      <LockOpen aria-hidden="true" />
    </Button>
  );
}
