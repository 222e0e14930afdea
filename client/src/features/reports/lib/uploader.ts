/*
 * The upload dialog (Uppy's Dashboard in a modal, single-part PUTs). Heavy: the report form loads
 * this module with a dynamic import, so its code and styles never delay the form's first paint.
 */
import AwsS3, { type AwsBody } from '@uppy/aws-s3';
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import Dashboard from '@uppy/dashboard';
import es_ES from '@uppy/locales/lib/es_ES.js';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import type { ReportFileInput, UploadLimits } from '@common/schemas/report';
import { requestUpload } from '../api/request-upload';
import { uploadErrorMessage } from './upload-error';

type ReportUppy = Uppy<Meta, AwsBody>;
type ReportUppyFile = UppyFile<Meta, AwsBody>;

export type UploaderOptions = {
  limits: UploadLimits;
  /** How many more files may be added: the limit minus what the report already has. */
  remaining: number;
  /** A finished batch: the files that reached the storage, ready to be sent with the report. */
  onUploaded: (files: ReportFileInput[]) => void;
  /** Whether some file is on its way (uploading or paused). */
  onBusyChange: (busy: boolean) => void;
};

export type Uploader = {
  open: () => void;
  setRemaining: (remaining: number) => void;
  destroy: () => void;
};

/** Our wording where Uppy's Spanish pack is missing a string or reads oddly. */
const STRINGS = {
  dashboardTitle: 'Subir archivos',
  dashboardWindowTitle: 'Subir archivos (presiona Escape para cerrar)',
  dropPasteFiles: 'Arrastra y suelta tus archivos aquí o %{browseFiles}',
  browseFiles: 'selecciónalos en tu dispositivo',
  done: 'Listo',
  dataUploadedOfUnknown: '%{complete} de un total desconocido',
  pleaseWait: 'Espera un momento',
  unnamed: 'Sin nombre',
  dialogConfirm: 'Aceptar',
  actionFailed: 'La acción falló',
};

/**
 * Uppy 6's Dashboard names its modal on an element that is not the dialog, and shows a lone file
 * as a list item outside any list: axe calls both serious. Put them right after every render.
 */
function patchAccessibility(root: HTMLElement, dialogName: string): () => void {
  const fix = () => {
    const dialog = root.querySelector('.uppy-Dashboard-inner[role="dialog"]');
    if (dialog && !dialog.hasAttribute('aria-label')) dialog.setAttribute('aria-label', dialogName);
    for (const list of root.querySelectorAll('.uppy-Dashboard-files:not([role])')) {
      list.setAttribute('role', 'list');
    }
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}

const isBusy = (file: ReportUppyFile) =>
  file.progress.uploadStarted !== null && !file.progress.uploadComplete && !file.error;

export function createUploader(options: UploaderOptions): Uploader {
  const { limits, onUploaded, onBusyChange } = options;
  const { maxFileBytes } = limits;
  let remaining = options.remaining;
  // Uppy reads a limit of 0 as "no limit".
  const countLimit = () => Math.max(remaining, 1);

  const uppy: ReportUppy = new Uppy<Meta, AwsBody>({
    id: 'appa-report',
    autoProceed: true,
    restrictions: { maxFileSize: maxFileBytes, maxNumberOfFiles: countLimit() },
    locale: { ...es_ES, strings: { ...es_ES.strings, ...STRINGS } },
    onBeforeFileAdded: () => {
      if (remaining > 0) return true;
      uppy.info(uppy.i18n('noMoreFilesAllowed'), 'error', 5000);
      return false;
    },
  });

  uppy.use(Dashboard<Meta, AwsBody>, {
    inline: false,
    closeModalOnClickOutside: true,
    proudlyDisplayPoweredByUppy: false,
    showRemoveButtonAfterComplete: false,
    // Report files are mostly documents; and a finished file leaves the dialog at once.
    disableThumbnailGenerator: true,
    note: `Hasta ${limits.maxFiles} archivo(s) de ${Math.round(maxFileBytes / (1024 * 1024))} MB como máximo cada uno`,
  });

  const dashboardRoot = uppy.getPlugin('Dashboard')?.el;
  const unpatch = dashboardRoot ? patchAccessibility(dashboardRoot, STRINGS.dashboardTitle) : null;

  uppy.use(AwsS3<Meta, AwsBody>, {
    // Report files are small: one PUT each, to this server or to a presigned S3 URL.
    shouldUseMultipart: false,
    // The key names the Uppy file, so that signing can find its name and size; the server then
    // picks the real object key.
    generateObjectKey: (file) => file.id,
    signRequest: async (request) => {
      const file = uppy.getFile(request.key);
      if (request.method !== 'PUT' || 'uploadId' in request || !file) {
        throw new Error('Solo se admiten subidas de una sola parte');
      }
      const ticket = await requestUpload({
        fileName: file.name,
        sizeBytes: file.size ?? 0,
        ...(file.type ? { contentType: file.type } : {}),
      });
      return {
        // Uppy needs an absolute URL; the local storage answers a path on this server.
        url: new URL(ticket.uploadURL, window.location.href).href,
        headers: ticket.headers,
        key: ticket.objectKey,
      };
    },
  });

  uppy.on('upload-error', (file, error) => {
    if (!file) return;
    const message = uploadErrorMessage(error, maxFileBytes);
    if (!message) return;
    // Replaces what Uppy has just shown (the S3 client's English) with the reason in Spanish.
    uppy.setFileState(file.id, { error: message });
    uppy.info(
      { message: uppy.i18n('failedToUpload', { file: file.name }), details: message },
      'error',
      5000,
    );
  });

  let busy = false;
  uppy.on('state-update', () => {
    const next = uppy.getFiles().some(isBusy);
    if (next !== busy) {
      busy = next;
      onBusyChange(next);
    }
  });

  uppy.on('complete', ({ successful = [], failed = [] }) => {
    const uploaded = successful.flatMap((file) => {
      const objectKey = file.response?.body?.key;
      return objectKey ? [{ objectKey, fileName: file.name, sizeBytes: file.size ?? 0 }] : [];
    });
    // The report's list holds them from now on; the dialog starts clean next time.
    for (const file of successful) uppy.removeFile(file.id);
    if (failed.length === 0) uppy.getPlugin('Dashboard')?.closeModal();
    if (uploaded.length > 0) onUploaded(uploaded);
  });

  return {
    open: () => {
      uppy.getPlugin('Dashboard')?.openModal();
    },
    setRemaining: (next) => {
      remaining = next;
      uppy.setOptions({
        restrictions: { maxFileSize: maxFileBytes, maxNumberOfFiles: countLimit() },
      });
    },
    destroy: () => {
      unpatch?.();
      uppy.destroy();
    },
  };
}
