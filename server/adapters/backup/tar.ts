import type { Readable } from 'node:stream';

/**
 * The archive's container: a POSIX tar (ustar), written and read as streams so that neither side
 * ever holds an attachment in memory. Tar rather than zip because a zip without Zip64 (which the
 * zip library we have does not write) stops at 4 GiB, and attachments add up; every tar tool
 * opens it. Sizes past ustar's 8 GiB per entry use the GNU base-256 field.
 */

const BLOCK = 512;
/** The largest size ustar's 11 octal digits hold. */
const OCTAL_MAX = 8 ** 11 - 1;

export interface TarEntryHeader {
  name: string;
  size: number;
}

function writeString(block: Buffer, offset: number, length: number, value: string) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar field too long: ${value}`);
  bytes.copy(block, offset);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number) {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
}

function writeSize(block: Buffer, offset: number, value: number) {
  if (value <= OCTAL_MAX) return writeOctal(block, offset, 12, value);
  // GNU base-256: the high bit of the first byte set, then the size big-endian.
  block[offset] = 0x80;
  block.writeBigUInt64BE(BigInt(value), offset + 4);
}

/** The 512-byte header of a regular file `name` of `size` bytes. */
export function tarHeader({ name, size }: TarEntryHeader, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100)
      throw new Error(`tar entry name too long: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  writeString(block, 0, 100, base);
  writeOctal(block, 100, 8, 0o600);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeSize(block, 124, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(0x20, 148, 156);
  block[156] = 0x30; // '0': a regular file
  writeString(block, 257, 6, 'ustar\0');
  writeString(block, 263, 2, '00');
  writeString(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** The zeros that complete an entry of `size` bytes to whole blocks. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two zero blocks: the end of the archive. */
export const TAR_END = Buffer.alloc(BLOCK * 2);

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(block: Buffer): number {
  if ((block[124] ?? 0) & 0x80) return Number(block.readBigUInt64BE(124 + 4));
  return parseInt(readString(block, 124, 12).trim() || '0', 8);
}

export class TarFormatError extends Error {}

function parseHeader(block: Buffer): TarEntryHeader & { type: string } {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (block[i] ?? 0);
  const stored = parseInt(readString(block, 148, 8).trim(), 8);
  if (stored !== sum) throw new TarFormatError('tar header checksum');
  const prefix = readString(block, 345, 155);
  const base = readString(block, 0, 100);
  return {
    name: prefix ? `${prefix}/${base}` : base,
    size: readSize(block),
    type: String.fromCharCode(block[156] || 0x30),
  };
}

/**
 * Reads a tar stream entry by entry: `onEntry` receives each regular file's header and an
 * iterator of its bytes, which it must consume (or not: what it leaves is skipped) before the
 * next entry is read. Throws TarFormatError on anything that is not a well-formed tar.
 */
export async function readTar(
  source: Readable,
  onEntry: (header: TarEntryHeader, body: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  let done = false;

  /** At least `n` bytes buffered, or fewer at the end of the stream. */
  const fill = async (n: number) => {
    const parts = [pending];
    let length = pending.length;
    while (length < n && !done) {
      const next = await iterator.next();
      if (next.done) done = true;
      else {
        parts.push(next.value);
        length += next.value.length;
      }
    }
    pending = parts.length === 1 ? pending : Buffer.concat(parts);
  };
  const take = async (n: number): Promise<Buffer> => {
    await fill(n);
    if (pending.length < n) throw new TarFormatError('tar truncated');
    const out = pending.subarray(0, n);
    pending = pending.subarray(n);
    return out;
  };

  for (;;) {
    const block = await take(BLOCK);
    if (block.every((byte) => byte === 0)) return;
    const header = parseHeader(block);
    let left = header.size;
    const body: AsyncIterable<Buffer> = {
      async *[Symbol.asyncIterator]() {
        while (left > 0) {
          if (pending.length === 0) await fill(1);
          if (pending.length === 0) throw new TarFormatError('tar truncated');
          const chunk = pending.subarray(0, Math.min(left, pending.length));
          pending = pending.subarray(chunk.length);
          left -= chunk.length;
          yield chunk;
        }
      },
    };
    if (header.type === '0') await onEntry(header, body);
    // Whatever the reader left of the entry, and the padding, is skipped.
    for await (const chunk of body) void chunk;
    await take(tarPadding(header.size).length);
  }
}
