import {
  bulkUploadResultSchema,
  type BulkUploadResult,
  type BulkUserRow,
} from '@common/schemas/users';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from '@/lib/api-client';
import { refreshUserLists } from './refresh-user-lists';

/** Rows per request: small enough for the progress bar to move, large enough to be quick. */
export const BULK_CHUNK_ROWS = 100;

export type BulkProgress = { done: number; total: number };

/** Everything the server answered, with `index` now counting from the first row sent. */
export interface BulkOutcome {
  created: BulkUploadResult['created'];
  skipped: BulkUploadResult['skipped'];
  refused: BulkUploadResult['refused'];
  /** Set when a request failed: the rows before it were imported, the rest were not. */
  error: string | null;
  notSent: number;
}

/** POST /api/users/bulk-upload (ADMIN), one chunk of at most BULK_MAX_ROWS rows. */
export function bulkUpload(users: BulkUserRow[]): Promise<BulkUploadResult> {
  return api.post('/api/users/bulk-upload', bulkUploadResultSchema, { users });
}

/**
 * Sends the rows in chunks, one after the other, reporting progress. A failed chunk stops the
 * import but keeps what the earlier chunks created, so their credentials can still be downloaded.
 */
export async function importInChunks(
  rows: BulkUserRow[],
  onProgress: (progress: BulkProgress) => void,
  send: (users: BulkUserRow[]) => Promise<BulkUploadResult> = bulkUpload,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { created: [], skipped: [], refused: [], error: null, notSent: 0 };
  onProgress({ done: 0, total: rows.length });
  for (let start = 0; start < rows.length; start += BULK_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + BULK_CHUNK_ROWS);
    try {
      const result = await send(chunk);
      const shift = <T extends { index: number }>(items: T[]) =>
        items.map((item) => ({ ...item, index: item.index + start }));
      outcome.created.push(...shift(result.created));
      outcome.skipped.push(...shift(result.skipped));
      outcome.refused.push(...shift(result.refused));
    } catch (error) {
      outcome.error = error instanceof Error ? error.message : String(error);
      outcome.notSent = rows.length - start;
      break;
    }
    onProgress({ done: Math.min(start + chunk.length, rows.length), total: rows.length });
  }
  return outcome;
}

export function useBulkImport() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const run = useCallback(
    async (rows: BulkUserRow[]) => {
      try {
        return await importInChunks(rows, setProgress);
      } finally {
        // Each created user's credentials went out by e-mail.
        await refreshUserLists(queryClient, { mailed: true });
      }
    },
    [queryClient],
  );
  return { run, progress };
}
