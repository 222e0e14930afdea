import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '@common/constants';
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { useToast } from './use-toast';

export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notificación"
    >
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      {/*
        F8 (Radix's default hotkey) moves focus to this region. A modal dialog hides the rest of
        the page from assistive technology except elements carrying aria-live (the aria-hidden
        package's rule), so the attribute keeps notices raised from a dialog readable; "off"
        because Radix announces each notice itself.
      */}
      <ToastViewport label="Notificaciones ({hotkey})" aria-live="off" />
    </ToastProvider>
  );
}
