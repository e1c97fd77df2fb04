import { once } from 'node:events';
import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

/**
 * A zip file written as a stream (what an XLSX file is): entries one after the other, each
 * deflated as it comes, with its CRC and sizes in a data descriptor after the data, so nothing is
 * held whole and nothing is written twice. Sizes and offsets past 4 GiB take the zip64 form
 * (a 1,048,575-row sheet of long notes can exceed 4 GiB of XML): 64-bit sizes in the data
 * descriptor and the central directory, as Go's archive/zip writes streamed entries.
 */
export class ZipWriter {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private open: ZipEntryWriter | undefined;
  private readonly time: number;
  private readonly date: number;

  constructor(
    private readonly out: Writable,
    private readonly opts: { level?: number; /** Tests: write the zip64 form even for small entries. */ forceZip64?: boolean } = {},
  ) {
    const now = new Date();
    // MS-DOS date and time, local (as zip tools read them).
    this.time = (now.getHours() << 11) | (now.getMinutes() << 5) | (now.getSeconds() >> 1);
    this.date = ((Math.max(1980, now.getFullYear()) - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  }

  /** Writes `bytes` to the file, waiting when its buffer is full. */
  private async put(bytes: Buffer): Promise<void> {
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await drained(this.out);
  }

  /** Starts an entry; write its content through the answer and end it before the next. */
  async entry(name: string): Promise<ZipEntryWriter> {
    if (this.open) throw new Error(`zip: entry "${this.open.name}" is still open`);
    const entry: Entry = { name: Buffer.from(name, 'utf8'), offset: this.offset, crc: 0, compressed: 0, size: 0 };
    this.entries.push(entry);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(this.time, 10);
    header.writeUInt16LE(this.date, 12);
    // CRC and sizes (bytes 14..25) stay 0: they follow the data (flag bit 3).
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(0, 28);
    await this.put(Buffer.concat([header, entry.name]));
    this.open = new ZipEntryWriter(this, entry, this.out, this.opts.level ?? 1);
    return this.open;
  }

  /** Writes a whole small entry. */
  async file(name: string, content: string | Buffer): Promise<void> {
    const w = await this.entry(name);
    await w.write(content);
    await w.end();
  }

  /** @internal Called by the entry when its data is out: writes the data descriptor. */
  async closeEntry(entry: Entry, compressed: number): Promise<void> {
    this.offset += compressed;
    entry.compressed = compressed;
    const big = this.zip64(entry);
    const d = Buffer.alloc(big ? 24 : 16);
    d.writeUInt32LE(0x08074b50, 0);
    d.writeUInt32LE(entry.crc, 4);
    if (big) {
      d.writeBigUInt64LE(BigInt(entry.compressed), 8);
      d.writeBigUInt64LE(BigInt(entry.size), 16);
    } else {
      d.writeUInt32LE(entry.compressed, 8);
      d.writeUInt32LE(entry.size, 12);
    }
    this.open = undefined;
    await this.put(d);
  }

  private zip64(entry: Entry): boolean {
    return Boolean(this.opts.forceZip64) || entry.size >= MAX32 || entry.compressed >= MAX32;
  }

  /** Writes the central directory and ends the file (the caller closes the stream). */
  async finish(): Promise<void> {
    if (this.open) throw new Error(`zip: entry "${this.open.name}" is still open`);
    const start = this.offset;
    for (const e of this.entries) {
      const big = this.zip64(e);
      const farOffset = Boolean(this.opts.forceZip64) || e.offset >= MAX32;
      const extra: number[] = [];
      if (big) extra.push(e.size, e.compressed);
      if (farOffset) extra.push(e.offset);
      const x = Buffer.alloc(extra.length ? 4 + extra.length * 8 : 0);
      if (extra.length) {
        x.writeUInt16LE(0x0001, 0);
        x.writeUInt16LE(extra.length * 8, 2);
        extra.forEach((v, i) => x.writeBigUInt64LE(BigInt(v), 4 + i * 8));
      }
      const h = Buffer.alloc(46);
      h.writeUInt32LE(0x02014b50, 0);
      h.writeUInt16LE((3 << 8) | (big || farOffset ? 45 : VERSION), 4); // made by: Unix
      h.writeUInt16LE(big || farOffset ? 45 : VERSION, 6);
      h.writeUInt16LE(FLAGS, 8);
      h.writeUInt16LE(8, 10);
      h.writeUInt16LE(this.time, 12);
      h.writeUInt16LE(this.date, 14);
      h.writeUInt32LE(e.crc, 16);
      h.writeUInt32LE(big ? MAX32 : e.compressed, 20);
      h.writeUInt32LE(big ? MAX32 : e.size, 24);
      h.writeUInt16LE(e.name.length, 28);
      h.writeUInt16LE(x.length, 30);
      // Comment length, disk, internal attributes: 0. External: a regular file, rw-r--r--.
      h.writeUInt32LE((0o100644 << 16) >>> 0, 38);
      h.writeUInt32LE(farOffset ? MAX32 : e.offset, 42);
      await this.put(Buffer.concat([h, e.name, x]));
    }
    const size = this.offset - start;
    const count = this.entries.length;
    // With the zip64 end record, the classic one says "see there" in every field (as Go writes it).
    const far = Boolean(this.opts.forceZip64) || start >= MAX32 || size >= MAX32;
    if (far) {
      const record = this.offset;
      const z = Buffer.alloc(56 + 20);
      z.writeUInt32LE(0x06064b50, 0);
      z.writeBigUInt64LE(44n, 4);
      z.writeUInt16LE((3 << 8) | 45, 12);
      z.writeUInt16LE(45, 14);
      // This disk and the directory's: 0.
      z.writeBigUInt64LE(BigInt(count), 24);
      z.writeBigUInt64LE(BigInt(count), 32);
      z.writeBigUInt64LE(BigInt(size), 40);
      z.writeBigUInt64LE(BigInt(start), 48);
      // The locator.
      z.writeUInt32LE(0x07064b50, 56);
      z.writeBigUInt64LE(BigInt(record), 64);
      z.writeUInt32LE(1, 72);
      await this.put(z);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(far ? 0xffff : count, 8);
    end.writeUInt16LE(far ? 0xffff : count, 10);
    end.writeUInt32LE(far ? MAX32 : size, 12);
    end.writeUInt32LE(far ? MAX32 : start, 16);
    await this.put(end);
  }
}

/** One entry's content: deflated on libuv's thread pool while the caller builds the next chunk. */
export class ZipEntryWriter {
  private readonly deflate: zlib.DeflateRaw;
  private compressed = 0;
  private failed: Error | undefined;
  private readonly done: Promise<void>;

  constructor(
    private readonly zip: ZipWriter,
    private readonly entry: Entry,
    out: Writable,
    level: number,
  ) {
    this.deflate = zlib.createDeflateRaw({ level, chunkSize: 256 * 1024 });
    this.deflate.on('data', (chunk: Buffer) => {
      this.compressed += chunk.length;
      if (!out.write(chunk)) {
        this.deflate.pause();
        drained(out).then(() => this.deflate.resume(), (err: Error) => this.deflate.destroy(err));
      }
    });
    this.done = new Promise((resolve, reject) => {
      this.deflate.once('end', resolve);
      this.deflate.once('error', (err) => {
        this.failed = err;
        reject(err);
      });
    });
    // Rejections are awaited in end(); until then they must not count as unhandled.
    this.done.catch(() => undefined);
  }

  get name(): string {
    return this.entry.name.toString('utf8');
  }

  /** Adds content; resolves when the compressor can take more. */
  async write(content: string | Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    this.entry.crc = zlib.crc32(bytes, this.entry.crc);
    this.entry.size += bytes.length;
    if (!this.deflate.write(bytes)) await Promise.race([once(this.deflate, 'drain'), this.done]);
  }

  /** Ends the entry once all its data is compressed and handed to the file. */
  async end(): Promise<void> {
    this.deflate.end();
    await this.done;
    await this.zip.closeEntry(this.entry, this.compressed);
  }

  /** Drops the compressor (the file is being given up): nothing more goes to the file. */
  destroy(): void {
    this.deflate.removeAllListeners('data');
    this.deflate.destroy();
  }
}

interface Entry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

const MAX32 = 0xffffffff;
/** 2.0: deflate. */
const VERSION = 20;
/** Bit 3: CRC and sizes in a data descriptor after the data. */
const FLAGS = 0x0008;

/** Resolves when `out` drains, or rejects when it fails first. */
function drained(out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.errored || out.destroyed) {
      reject(out.errored ?? new Error('zip: the output was closed'));
      return;
    }
    const ok = () => {
      out.off('error', fail);
      resolve();
    };
    const fail = (err: Error) => {
      out.off('drain', ok);
      reject(err);
    };
    out.once('drain', ok);
    out.once('error', fail);
  });
}
