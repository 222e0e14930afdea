import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { Manifest } from '../adapters/backup/manifest';
import { readTar, TAR_END, tarHeader, tarPadding } from '../adapters/backup/tar';

/** Everything a stream yields, as one buffer. */
export async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The entries of a .tar.gz archive, by name, in order. */
export async function entriesOf(archive: Buffer): Promise<Map<string, Buffer>> {
  const entries = new Map<string, Buffer>();
  await readTar(Readable.from(zlib.gunzipSync(archive)), async (header, body) => {
    const parts: Buffer[] = [];
    for await (const chunk of body) parts.push(Buffer.from(chunk));
    entries.set(header.name, Buffer.concat(parts));
  });
  return entries;
}

export function manifestOf(entries: Map<string, Buffer>): Manifest {
  return JSON.parse(entries.get('manifest.json')?.toString('utf8') ?? 'null') as Manifest;
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A .tar.gz made of `entries`, written as the archive writer does (for tampered archives). */
export function archiveFrom(entries: Map<string, Buffer>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, body] of entries)
    parts.push(tarHeader({ name, size: body.length }, new Date(0)), body, tarPadding(body.length));
  parts.push(TAR_END);
  return zlib.gzipSync(Buffer.concat(parts));
}

/** The rows of a table entry, parsed. */
export function rowsOf(entries: Map<string, Buffer>, table: string): Record<string, unknown>[] {
  const text = entries.get(`tables/${table}.jsonl`)?.toString('utf8') ?? '';
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
