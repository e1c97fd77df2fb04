import { createRequire } from 'node:module';
import zlib from 'node:zlib';

/** buffer-crc32's interface, as yazl calls it: `unsigned(chunk, previousCrc)`. */
interface BufferCrc32 {
  unsigned: (buf: Buffer | string, previous?: number | Buffer) => number;
}

let original: BufferCrc32['unsigned'] | undefined;

/**
 * yazl computes each entry's CRC-32 with buffer-crc32, a table loop in JavaScript on the main
 * thread (about 2.2 ns a byte here); Node's `zlib.crc32` (Node 20.15 and 22.2 on, C with SIMD)
 * takes about 0.2 ns. yazl has no option to give it a CRC or to skip its own, so the one function
 * yazl calls (`unsigned` of the buffer-crc32 module yazl itself loads) is pointed at zlib's.
 * Same results (the continuation value is the previous unsigned CRC in both), checked here on a
 * sample before it is used; where zlib has no `crc32` nothing changes. For the 1,000,000-row XLSX
 * this is about 2.5 s of CPU (docs/benchmarks.md, docs/decisions/0005-streaming-sheet-writer.md).
 *
 * `useZlibCrc32(false)` puts yazl's own back (the benchmark's pairs and a test compare the two).
 */
export function useZlibCrc32(on = true): boolean {
  const crc32 = (zlib as { crc32?: (data: Buffer | string, value?: number) => number }).crc32;
  const lib = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as BufferCrc32;
  original ??= lib.unsigned;
  if (!on || typeof crc32 !== 'function') {
    lib.unsigned = original;
    return false;
  }
  const js = original;
  const sample = Buffer.from('Timberlog õäöüšž 0123456789'.repeat(37), 'utf8');
  if (crc32(sample, 0) !== js(sample) || crc32(sample.subarray(100), crc32(sample.subarray(0, 100))) !== js(sample)) {
    lib.unsigned = original;
    return false;
  }
  lib.unsigned = (buf, previous) => {
    // yazl passes a Buffer and the previous unsigned CRC; anything else goes the library's way.
    if (typeof previous === 'number' || previous === undefined) return crc32(buf, (previous ?? 0) >>> 0) >>> 0;
    return js(buf, previous);
  };
  return true;
}
