/**
 * The benchmark's writer, run by `bench.ts` in a process of its own (so it shares neither the
 * server's event loop nor the load generator's): changes waybills through the API with PATCH at a
 * steady rate, so every trigger fires as in use (the record's version, its history entry, the kept
 * counts and search texts, the change event). Each change is sent on the clock (the i-th at
 * start + i / rate), whether or not the previous one has been answered, so a slow answer does not
 * lower the rate. It cycles through `changes`: a pass makes each one's `forward` change, the next
 * pass its `back` change, and so on, so no waybill is changed twice at once. Each change sends the
 * version the previous answer for that waybill named (If-Match), as the API requires of every write.
 *
 * Started with `fork` and a JSON argument ({@link WriterOptions}); stops after `count` changes, or
 * on the message 'stop', then sends its {@link WriterResult} to the parent and exits.
 */
import { performance } from 'node:perf_hooks';

export interface WriterChange {
  /** The waybill's number. */
  number: string;
  /** Its version when the writer starts. */
  version: number;
  forward: Record<string, unknown>;
  back: Record<string, unknown>;
}

export interface WriterOptions {
  base: string;
  token: string;
  changes: WriterChange[];
  /** Changes a second. */
  rate: number;
  /** Stop after this many (0: until told to stop). */
  count: number;
}

export interface WriterAnswer {
  number: string;
  /** The version the answer's ETag names (the record's version after the change). */
  version: number | null;
  status: number;
  /** When the request was sent and when its answer was in, in ms since the epoch (with fractions). */
  sentAt: number;
  answeredAt: number;
}

export interface WriterResult {
  answers: WriterAnswer[];
  seconds: number;
}

const now = () => performance.timeOrigin + performance.now();

async function main(): Promise<void> {
  const o = JSON.parse(process.argv[2] ?? '{}') as WriterOptions;
  const answers: WriterAnswer[] = [];
  const pending = new Set<Promise<void>>();
  let stopped = false;
  process.on('message', (m) => {
    if (m === 'stop') stopped = true;
  });
  const versions = new Map(o.changes.map((c) => [c.number, c.version]));
  const start = now();
  for (let i = 0; !stopped && (o.count === 0 || i < o.count); i++) {
    const wait = start + (i * 1000) / o.rate - now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (stopped) break;
    const change = o.changes[i % o.changes.length]!;
    const body = Math.floor(i / o.changes.length) % 2 === 0 ? change.forward : change.back;
    const sentAt = now();
    const p: Promise<void> = fetch(`${o.base}/api/waybills/${encodeURIComponent(change.number)}/`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${o.token}`,
        'content-type': 'application/json',
        'if-match': `"${versions.get(change.number)}"`,
      },
      body: JSON.stringify(body),
    })
      .then(
        async (r) => {
          await r.arrayBuffer();
          const etag = r.headers.get('etag');
          const version = etag ? Number(etag.replace(/\D/g, '')) : null;
          // A 412's ETag is the version as it is now too: the next change is made over it.
          if (version !== null) versions.set(change.number, version);
          answers.push({
            number: change.number,
            version,
            status: r.status,
            sentAt,
            answeredAt: now(),
          });
        },
        () => {
          answers.push({ number: change.number, version: null, status: 0, sentAt, answeredAt: now() });
        },
      )
      .finally(() => pending.delete(p));
    pending.add(p);
  }
  await Promise.all(pending);
  const result: WriterResult = { answers, seconds: (now() - start) / 1000 };
  process.send!(result, () => process.exit(0));
}

void main();
