import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from './button';
import { toast } from './use-toast';

/** How long the button shows a tick after copying. */
const COPIED_MS = 2000;

/**
 * Copies `text` to the clipboard and tells the person with the `copiedTitle` notice. `label` is
 * the accessible name; with `children` the button also shows text, otherwise only the icon.
 */
export function CopyButton({
  text,
  label,
  copiedTitle,
  children,
  variant = 'outline',
  size = 'icon',
  className,
}: {
  text: string;
  label: string;
  copiedTitle: string;
  children?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast({ title: copiedTitle });
    } catch {
      toast({
        variant: 'destructive',
        title: 'No se pudo copiar',
        description: 'Selecciona el texto y cópialo manualmente.',
      });
    }
  };

  const Icon = copied ? Check : Copy;
  return (
    <Button
      type="button"
      variant={variant}
      size={size}
      className={className}
      aria-label={children ? undefined : label}
      title={label}
      onClick={() => void copy()}
    >
      <Icon aria-hidden="true" />
      {children}
    </Button>
  );
}
