import type { CurrentReport, Report } from '@common/schemas/report';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { Autosaver, type AutosaveState, type SaveFailure } from '../lib/autosave';
import {
  clearLocalCopy,
  localCopyKey,
  readLocalCopy,
  sameSnapshot,
  writeLocalCopy,
  type FormSnapshot,
  type LocalCopy,
} from '../lib/local-copy';
import { formValuesFrom } from '../lib/report-form';

/** What a link inside the app asks while the server lacks some of the text. */
const LEAVE_UNSAVED =
  'Hay texto que aún no se guardó. Si sales ahora, quedará solo en este navegador. ¿Salir de todos modos?';

function classify(error: unknown): { failure: SaveFailure; message?: string } {
  if (!(error instanceof ApiError)) return { failure: 'failed' };
  if (error.isNetworkError) return { failure: 'offline' };
  if (error.status === 401) return { failure: 'session' };
  if (error.status === 409) return { failure: 'sent', message: error.message };
  return { failure: 'failed', message: error.message };
}

/** What the server has of the week: its draft, or the empty form a new week starts from. */
export function serverSnapshot(current: CurrentReport): FormSnapshot {
  return {
    values: formValuesFrom(current.report, current.previous),
    files:
      current.report?.files.map(({ objectKey, fileName, sizeBytes }) => ({
        objectKey,
        fileName,
        sizeBytes,
      })) ?? [],
  };
}

const storage = () => window.localStorage;

/**
 * The autosave of one week's form and its copy in the browser: `change` keeps the copy at once
 * and saves in a moment; the copy goes once the server has what the form holds.
 */
function createKeeper({
  key,
  server,
  copy,
  base: initialBase,
  onState,
}: {
  key: string;
  server: FormSnapshot;
  copy: LocalCopy | null;
  base: string | null;
  onState: (state: AutosaveState) => void;
}) {
  // The server's draft the text is typed over: a copy made over an older one was overwritten here.
  let base = initialBase;
  let latest: FormSnapshot = copy ?? server;
  let saveDraft: (snapshot: FormSnapshot) => Promise<Report> = () =>
    Promise.reject(new Error('The form has not given its save yet'));

  const autosaver = new Autosaver<FormSnapshot>(server, {
    save: async (snapshot) => {
      base = (await saveDraft(snapshot)).updatedAt;
    },
    classify,
    same: sameSnapshot,
    onState: (state) => {
      // Sent meanwhile elsewhere: the sent report is final, the copy has nowhere to go.
      if (state.status === 'sent') clearLocalCopy(storage(), key);
      onState(state);
    },
    onSaved: (snapshot) => {
      if (sameSnapshot(snapshot, latest)) clearLocalCopy(storage(), key);
    },
  });
  // Recovered text waits for the person's choice before it is saved.
  if (copy) {
    void autosaver.hold();
    autosaver.update(copy);
  }

  return {
    autosaver,
    setSave(save: typeof saveDraft) {
      saveDraft = save;
    },
    change(snapshot: FormSnapshot) {
      latest = snapshot;
      autosaver.update(snapshot);
      if (autosaver.dirty) writeLocalCopy(storage(), key, { ...snapshot, at: Date.now(), base });
      else clearLocalCopy(storage(), key);
    },
    discard() {
      clearLocalCopy(storage(), key);
      latest = server;
      autosaver.update(server);
    },
    forget(snapshot: FormSnapshot) {
      autosaver.markSaved(snapshot);
      clearLocalCopy(storage(), key);
    },
  };
}

/**
 * The week's draft as the form holds it: saved by itself a moment after typing stops, and kept in
 * the browser (per person and week) from the first change until the server has it. A copy left by
 * a reload, a crash or a new version is put back in the form (`recovered`); autosave then waits
 * until the person keeps it or edits it, so that a draft saved meanwhile elsewhere is not
 * overwritten unasked. Leaving the page with text the server lacks asks first.
 */
export function useDraftAutosave({
  userId,
  current,
  saveDraft,
}: {
  userId: string;
  current: CurrentReport;
  saveDraft: (snapshot: FormSnapshot) => Promise<Report>;
}) {
  const [state, setState] = useState<AutosaveState>({ status: 'idle' });
  const [start] = useState(() => {
    const key = localCopyKey(userId, current.weekStart);
    const server = serverSnapshot(current);
    const base = current.report?.updatedAt ?? null;
    const stored = readLocalCopy(storage(), key);
    const copy = stored && !sameSnapshot(stored, server) ? stored : null;
    if (!copy) clearLocalCopy(storage(), key);
    const keeper = createKeeper({ key, server, copy, base, onState: setState });
    return { server, copy, overNewer: copy !== null && copy.base !== base, keeper };
  });
  const { keeper } = start;
  const { autosaver } = keeper;
  const [recovered, setRecovered] = useState<LocalCopy | null>(start.copy);

  useEffect(() => keeper.setSave(saveDraft));

  useEffect(() => {
    const online = () => autosaver.online();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!autosaver.dirty) return;
      event.preventDefault();
      // Older browsers show the dialog only when a value is returned.
      event.returnValue = '';
    };
    // A link inside the app (Mis reportes, the bell's) changes the page without unloading it.
    const leaveByLink = (event: MouseEvent) => {
      if (!autosaver.dirty || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      if (link.origin !== window.location.origin || link.hasAttribute('download')) return;
      if (window.confirm(LEAVE_UNSAVED)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', leaveByLink, true);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', leaveByLink, true);
      autosaver.dispose();
    };
  }, [autosaver]);

  /** The recovered text stays: it is saved now. */
  const keepRecovered = () => {
    setRecovered(null);
    autosaver.release();
    void autosaver.flush();
  };

  return {
    autosaver,
    state,
    initial: start.copy ?? start.server,
    recovered,
    /** Whether the server's draft changed after the recovered text was typed. */
    recoveredOverNewer: recovered !== null && start.overNewer,
    /** The form changed: keep a copy at once, save it in a moment. Editing keeps recovered text. */
    change: (snapshot: FormSnapshot) => {
      keeper.change(snapshot);
      if (recovered) keepRecovered();
    },
    keepRecovered,
    /** The recovered text goes: the form takes the server's draft back. */
    discardRecovered: () => {
      setRecovered(null);
      keeper.discard();
      autosaver.release();
    },
    /** The report was sent, or saved by the button: the copy has done its job. */
    forget: keeper.forget,
  };
}
