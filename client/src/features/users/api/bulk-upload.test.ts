import type { BulkUploadResult, BulkUserRow } from '@common/schemas/users';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { BULK_CHUNK_ROWS, importInChunks, type BulkProgress } from './bulk-upload';

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ fullName: `Persona ${i}`, email: `p${i}@x.pe` }));

/** What the server answers for a chunk: the first row skipped, the others created. */
function answer(chunk: BulkUserRow[]): BulkUploadResult {
  return {
    message: '',
    created: chunk.slice(1).map((r, i) => ({
      index: i + 1,
      user: { email: r.email } as BulkUploadResult['created'][number]['user'],
      temporaryPassword: 'x',
    })),
    skipped: [{ index: 0, email: String(chunk[0]?.email ?? ''), reason: 'existe' }],
    refused: [],
  };
}

describe('importInChunks', () => {
  it('sends 1,000 rows in chunks, reports progress, and numbers results across chunks', async () => {
    const post = vi.fn((users: BulkUserRow[]) => Promise.resolve(answer(users)));
    const progress: BulkProgress[] = [];
    const outcome = await importInChunks(
      rows(1000),
      (p) => {
        progress.push(p);
      },
      post,
    );

    expect(post.mock.calls).toHaveLength(1000 / BULK_CHUNK_ROWS);
    expect(progress[0]).toEqual({ done: 0, total: 1000 });
    expect(progress.at(-1)).toEqual({ done: 1000, total: 1000 });
    expect(progress.map((p) => p.done)).toEqual(
      Array.from({ length: 11 }, (_, i) => i * BULK_CHUNK_ROWS),
    );
    expect(outcome.created).toHaveLength(1000 - 10);
    expect(outcome.skipped.map((s) => s.index)).toEqual(
      Array.from({ length: 10 }, (_, i) => i * BULK_CHUNK_ROWS),
    );
    expect(outcome.created.find((c) => c.index === 101)?.user.email).toBe('p101@x.pe');
    expect(outcome.error).toBeNull();
  });

  it('stops at a failed chunk and keeps what the earlier ones created', async () => {
    const post = vi
      .fn<(users: BulkUserRow[]) => Promise<BulkUploadResult>>()
      .mockImplementationOnce((users: BulkUserRow[]) => Promise.resolve(answer(users)))
      .mockRejectedValueOnce(new ApiError(503, 'El servicio no está disponible'));
    const outcome = await importInChunks(rows(250), () => {}, post);
    expect(post.mock.calls).toHaveLength(2);
    expect(outcome.created).toHaveLength(BULK_CHUNK_ROWS - 1);
    expect(outcome.error).toBe('El servicio no está disponible');
    expect(outcome.notSent).toBe(150);
  });
});
