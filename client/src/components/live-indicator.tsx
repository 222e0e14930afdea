import { useLiveUpdates } from '@/lib/live-updates';

/**
 * 'En vivo' while the live channel is open: the screen updates by itself as reports arrive.
 * Mounting it opens the channel.
 */
export function LiveIndicator() {
  const live = useLiveUpdates();
  if (!live) return null;
  return (
    <span
      className="inline-flex items-center gap-1.5 rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success"
      title="Los reportes nuevos aparecen sin recargar la página"
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-success" />
      En vivo
    </span>
  );
}
