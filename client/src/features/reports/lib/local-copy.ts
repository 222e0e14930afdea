import type { ReportFileInput } from '@common/schemas/report';
import { FORM_FIELDS, type ReportFormValues } from './report-form';

/**
 * What the form holds that the server may not have yet: kept in the browser (localStorage) from
 * the first change until the server has it, so that a reload, a crash or a new version of the app
 * gives it back.
 */
export type LocalCopy = {
  values: ReportFormValues;
  files: readonly ReportFileInput[];
  /** When it was typed (ms since the epoch). */
  at: number;
  /** The `updatedAt` of the server's draft it was typed over; null when there was none. */
  base: string | null;
};

/** The part of Storage the copy needs: localStorage in the browser, a Map-backed fake in tests. */
export type CopyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One person's copy of one week, so that two people sharing a browser never see each other's. */
export const localCopyKey = (userId: string, weekStart: string) =>
  `appa:texto-sin-guardar:${userId}:${weekStart}`;

const isFile = (file: unknown): file is ReportFileInput => {
  if (typeof file !== 'object' || file === null) return false;
  const { objectKey, fileName, sizeBytes } = file as Record<string, unknown>;
  return (
    typeof objectKey === 'string' && typeof fileName === 'string' && typeof sizeBytes === 'number'
  );
};

/** A stored copy, or null when there is none or it is not one (another version's, or damaged). */
function parse(text: string | null): LocalCopy | null {
  if (!text) return null;
  try {
    const { values, files, at, base } = JSON.parse(text) as Record<string, unknown>;
    if (typeof values !== 'object' || values === null) return null;
    const fields = values as Record<string, unknown>;
    if (!FORM_FIELDS.every((field) => typeof fields[field] === 'string')) return null;
    if (!Array.isArray(files) || !files.every(isFile)) return null;
    if (typeof at !== 'number' || (base !== null && typeof base !== 'string')) return null;
    const copy = Object.fromEntries(FORM_FIELDS.map((field) => [field, fields[field]]));
    return { values: copy as ReportFormValues, files, at, base };
  } catch {
    return null;
  }
}

/*
 * The browser may refuse its storage (private windows, a full quota, a policy): the copy is a net
 * under the server's draft, so a refusal is no error the person must hear about.
 */

export function readLocalCopy(storage: CopyStorage, key: string): LocalCopy | null {
  try {
    return parse(storage.getItem(key));
  } catch {
    return null;
  }
}

export function writeLocalCopy(storage: CopyStorage, key: string, copy: LocalCopy): void {
  try {
    storage.setItem(key, JSON.stringify(copy));
  } catch {
    // See above.
  }
}

export function clearLocalCopy(storage: CopyStorage, key: string): void {
  try {
    storage.removeItem(key);
  } catch {
    // See above.
  }
}

/** What the form and the server's draft hold, compared as the server would store them. */
export type FormSnapshot = { values: ReportFormValues; files: readonly ReportFileInput[] };

export function sameSnapshot(a: FormSnapshot, b: FormSnapshot): boolean {
  return (
    FORM_FIELDS.every((field) => a.values[field] === b.values[field]) &&
    a.files.length === b.files.length &&
    a.files.every((file, index) => file.objectKey === b.files[index]?.objectKey)
  );
}
