import type { ReportFileInput, UploadLimits } from '@common/schemas/report';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Uploader } from '../lib/uploader';

const loadUploader = () => import('../lib/uploader');

/**
 * The upload dialog (Uppy: ~80 KiB gzip of code and its styles), loaded when the person shows the
 * intent to attach (`prefetch()`, on pointer or focus over the button) or asks for it, so that
 * the form itself stays within its JavaScript budget. `open()` works at once: before the dialog
 * has arrived, it opens when it does.
 */
export function useUploader({
  limits,
  remaining,
  onUploaded,
}: {
  limits: UploadLimits;
  remaining: number;
  onUploaded: (files: ReportFileInput[]) => void;
}) {
  const [uploader, setUploader] = useState<Uploader | null>(null);
  const [failed, setFailed] = useState(false);
  const [opening, setOpening] = useState(false);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [wanted, setWanted] = useState(false);
  const openWhenReady = useRef(false);

  // The latest values for the dialog's callbacks, without recreating the dialog.
  const latest = useRef({ remaining, onUploaded });
  useEffect(() => {
    latest.current = { remaining, onUploaded };
  });

  const { maxFiles, maxFileBytes } = limits;
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    let instance: Uploader | null = null;
    loadUploader()
      .then(({ createUploader }) => {
        if (cancelled) return;
        instance = createUploader({
          limits: { maxFiles, maxFileBytes },
          remaining: latest.current.remaining,
          onUploaded: (files) => latest.current.onUploaded(files),
          onBusyChange: setBusy,
        });
        setUploader(instance);
        setFailed(false);
        setOpening(false);
        if (openWhenReady.current) {
          openWhenReady.current = false;
          instance.open();
        }
      })
      .catch(() => {
        if (cancelled) return;
        setFailed(true);
        setOpening(false);
        openWhenReady.current = false;
      });
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, [wanted, maxFiles, maxFileBytes, attempt]);

  useEffect(() => {
    uploader?.setRemaining(remaining);
  }, [uploader, remaining]);

  const open = useCallback(() => {
    if (uploader) {
      uploader.open();
      return;
    }
    openWhenReady.current = true;
    setOpening(true);
    setWanted(true);
    // The dialog's code did not arrive (a dropped connection): try again.
    if (failed) {
      setFailed(false);
      setAttempt((n) => n + 1);
    }
  }, [uploader, failed]);

  const prefetch = useCallback(() => setWanted(true), []);

  return { open, prefetch, busy, failed, opening };
}
