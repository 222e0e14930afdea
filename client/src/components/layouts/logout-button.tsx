import { LoaderCircle, LogOut } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useLogout } from '@/lib/api/logout';

/** Ends the session; `to` overrides where the browser goes afterwards. */
export function LogoutButton({
  label = 'Cerrar Sesión',
  to,
  variant = 'outline',
  size = 'sm',
}: {
  label?: string;
  to?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const logout = useLogout(to ? { to } : {});
  return (
    <Button
      variant={variant}
      size={size}
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'No se pudo cerrar la sesión',
              description: error.message,
            }),
        })
      }
    >
      {logout.isPending ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <LogOut aria-hidden="true" />
      )}
      {label}
    </Button>
  );
}
