/**
 * The benchmark's parts with changes under way, run by `bench.ts` over its generated waybills:
 * the writer (bench-writer.ts) that changes waybills through the API while the list cases run,
 * the check that every count stayed exact, and the event stream with many connected clients
 * (bench-sse-clients.ts): memory added to the server's process and the time from each change's
 * commit to the last client receiving its event. Prints figures; asserts nothing.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { SERVER_ROOT } from '../infra/config.js';
import type { AppContext } from '../infra/context.js';
import { checkCounts } from '../records/counts.js';
import type { WriterChange, WriterOptions, WriterResult } from './bench-writer.js';
import type { SseClientsOptions, SseClientsReport } from './bench-sse-clients.js';

/** Runs a TypeScript file beside this one in a Node process of its own, with a JSON argument and IPC. */
function forkScript(file: string, options: unknown): ChildProcess {
  return fork(fileURLToPath(new URL(file, import.meta.url)), [JSON.stringify(options)], {
    cwd: SERVER_ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

const message = <T>(child: ChildProcess): Promise<T> =>
  new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`the benchmark's child process ended (${code}) before answering`));
    child.once('exit', onExit);
    child.once('message', (m) => {
      child.off('exit', onExit);
      resolve(m as T);
    });
  });

export const percentile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
};

/**
 * Changes for the writer, `perKind` of each kind, interleaved, skipping the first `skip` of each
 * (so two writers never share a waybill), among the generated waybills (numbers `B-…`):
 * - a confirmed waybill marked delivered, then corrected back to confirmed with a reason (the
 *   per-status counts move);
 * - a draft without notes given a note naming an inspector, then none (the search texts and a
 *   search's count move);
 * - a draft moved to 2026-03-14, then back to its date (the month buckets of the counts and a
 *   date filter's count move).
 */
export async function writerChanges(ctx: AppContext, perKind: number, skip: number): Promise<WriterChange[]> {
  const confirmed = (
    await sql<{ number: string; version: number }>`
    SELECT number, version FROM waybills WHERE number LIKE 'B-%' AND status = 'confirmed' ORDER BY number LIMIT ${perKind} OFFSET ${skip}`.execute(
      ctx.db,
    )
  ).rows;
  const drafts = (
    await sql<{ number: string; version: number; date: string }>`
    SELECT number, version, transport_date::text AS date FROM waybills WHERE number LIKE 'B-%' AND status = 'draft' AND notes = '' AND transport_date <> '2026-03-14'
    ORDER BY number LIMIT ${2 * perKind} OFFSET ${2 * skip}`.execute(ctx.db)
  ).rows;
  const changes: WriterChange[] = [];
  for (let i = 0; i < perKind; i++) {
    const c = confirmed[i];
    if (c)
      changes.push({
        number: c.number,
        version: c.version,
        forward: { status: 'delivered' },
        back: { status: 'confirmed', reason: 'Delivered by mistake (benchmark writer)' },
      });
    const n = drafts[2 * i];
    if (n) changes.push({ number: n.number, version: n.version, forward: { notes: 'Checked again by Tamm' }, back: { notes: '' } });
    const d = drafts[2 * i + 1];
    if (d)
      changes.push({ number: d.number, version: d.version, forward: { transportDate: '2026-03-14' }, back: { transportDate: d.date } });
  }
  return changes;
}

export interface Writer {
  /** Stops it and answers what it did. */
  stop(): Promise<WriterResult>;
  /** Its answer when it stops by itself (after `count` changes). */
  done: Promise<WriterResult>;
}

export function startWriter(options: WriterOptions): Writer {
  const child = forkScript('./bench-writer.ts', options);
  const done = message<WriterResult>(child);
  return {
    done,
    stop: () => {
      if (child.connected) child.send('stop');
      return done;
    },
  };
}

/** The writer's answers summed up: changes made, per second, their answers' p50 and p99 in ms, failures. */
export function writerSummary(r: WriterResult): string {
  const ok = r.answers.filter((a) => a.status === 200);
  const times = ok.map((a) => a.answeredAt - a.sentAt);
  const failed = r.answers.length - ok.length;
  const statuses = [...new Set(r.answers.filter((a) => a.status !== 200).map((a) => a.status))].join(', ');
  return (
    `${ok.length} changes in ${r.seconds.toFixed(1)} s (${(ok.length / r.seconds).toFixed(1)}/s), PATCH p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms` +
    (failed ? `, ${failed} failed (${statuses})` : ', none failed')
  );
}

/**
 * What the list answers against `count(*)` over the rows, after the writer's run, and every kept
 * count against the rows (`checkCounts`, as `npm run check:counts` does). Prints each and whether
 * it matched; answers whether all did.
 */
export async function checkListCounts(ctx: AppContext, base: string, token: string): Promise<boolean> {
  const cases: [string, string][] = [
    ['', 'true'],
    ['status=delivered', `status = 'delivered'`],
    ['status=confirmed', `status = 'confirmed'`],
    ['transportDate=2026-03-14', `transport_date = '2026-03-14'`],
    ['search=tamm', `waybill_text(w) LIKE '%tamm%' OR lower(number COLLATE pg_c_utf8) LIKE '%tamm%'`],
    [
      'destinationCompany=' +
        encodeURIComponent(
          (
            await ctx.db
              .selectFrom('warehouses')
              .select('company')
              .where('destinationCode', 'is not', null)
              .orderBy('id')
              .executeTakeFirstOrThrow()
          ).company,
        ),
      `destination_company = (SELECT company FROM warehouses WHERE destination_code IS NOT NULL ORDER BY id LIMIT 1)`,
    ],
  ];
  let all = true;
  console.log("\nCounts after the writer (the list's answer against count(*) over the rows):");
  console.log('| query | list count | count(*) | matched |');
  console.log('|---|---:|---:|---|');
  for (const [query, where] of cases) {
    const r = await fetch(`${base}/api/waybills/?${query}`, { headers: { authorization: `Bearer ${token}` } });
    const listed = ((await r.json()) as { count: number }).count;
    const actual = Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM waybills w WHERE ${sql.raw(where)}`.execute(ctx.db)).rows[0]!.n,
    );
    all &&= listed === actual;
    console.log(
      `| ${query || '(none)'} | ${listed.toLocaleString('en')} | ${actual.toLocaleString('en')} | ${listed === actual ? 'yes' : 'NO'} |`,
    );
  }
  const drift = await checkCounts(ctx.db);
  console.log(
    `Kept counts (npm run check:counts): ${drift.length === 0 ? 'every one agrees with the rows' : `${drift.length} DISAGREE: ${JSON.stringify(drift.slice(0, 5))}`}`,
  );
  return all && drift.length === 0;
}

/**
 * Memory once it has settled: full garbage collections half a second apart until the RSS moves by
 * under 1 MB (at most 10), so before and after compare what is held, not what waits to be collected
 * or to be given back to the system (a collection after the list's load returns tens of MB later).
 */
function settledMemory(): () => Promise<NodeJS.MemoryUsage> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  return async () => {
    let last = process.memoryUsage();
    for (let i = 0; i < 10; i++) {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const m = process.memoryUsage();
      const stable = Math.abs(m.rss - last.rss) < 2 ** 20;
      last = m;
      if (stable && i > 0) break;
    }
    return last;
  };
}

const MB = 2 ** 20;

/**
 * The event stream with `clients` connected clients on this process's server: its RSS and heap
 * before they connect, once they are connected, and at the peak while `changes` waybill changes
 * are made through the API at `rate` a second (by the writer, in its own process); then for each
 * change, the time from its commit to the first and to the last client receiving its event.
 *
 * The commit time is PostgreSQL's own (`pg_xact_commit_timestamp` of the history entry's
 * transaction; the bench's database runs with `track_commit_timestamp`); beside it, from the
 * history entry's `at` (the transaction's start: a few ms earlier than the commit) and from the
 * writer receiving its answer (after the commit: a lower bound). Clocks: one machine's.
 */
export async function benchEvents(
  ctx: AppContext,
  base: string,
  token: string,
  o: { clients: number; changes: number; rate: number; writes: WriterChange[] },
): Promise<void> {
  const settled = settledMemory();
  const url = new URL(base);
  const mem = () => process.memoryUsage();
  const before = await settled();
  const firstId = Number((await sql<{ id: string }>`SELECT coalesce(max(id), 0) AS id FROM history`.execute(ctx.db)).rows[0]!.id);

  const started = Date.now();
  const clients = forkScript('./bench-sse-clients.ts', {
    host: url.hostname,
    port: Number(url.port),
    token,
    clients: o.clients,
  } satisfies SseClientsOptions);
  try {
    const ready = await message<{ ready?: number; failed?: string }>(clients);
    if (!ready.ready) throw new Error(`the event clients could not connect: ${ready.failed}`);
    const connectSeconds = (Date.now() - started) / 1000;
    // Let the streams settle (the first heartbeat timers are set, the sockets' buffers sized).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const connected = await settled();
    const hubSize = ctx.events.size;

    let peakRss = connected.rss;
    let peakHeap = connected.heapUsed;
    const sampler = setInterval(() => {
      const m = mem();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);
    const cpu = process.cpuUsage();
    const writer = startWriter({ base, token, changes: o.writes, rate: o.rate, count: o.changes });
    const written = await writer.done;
    // Every event reaches every client well within this (or the figures say it did not).
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const used = process.cpuUsage(cpu);
    clearInterval(sampler);
    const reportP = message<SseClientsReport>(clients);
    clients.send('report');
    const report = await reportP;

    const entries = (
      await sql<{ id: string; key: string; version: number | null; at: number; committed: number | null }>`
      SELECT id, record_key AS key, version, extract(epoch FROM at) * 1000 AS at,
             extract(epoch FROM pg_xact_commit_timestamp(xmin)) * 1000 AS committed
      FROM history WHERE id > ${firstId} ORDER BY id`.execute(ctx.db)
    ).rows;
    const arrivals = new Map(report.events.map(([id, n, first, last]) => [id, { n, first, last }]));
    const answered = new Map(written.answers.filter((a) => a.status === 200).map((a) => [`${a.number} ${a.version}`, a.answeredAt]));
    const fromCommit: number[] = [];
    const firstFromCommit: number[] = [];
    const fromAt: number[] = [];
    const fromAnswer: number[] = [];
    let complete = 0;
    let commitTimes = 0;
    for (const e of entries) {
      const got = arrivals.get(Number(e.id));
      if (!got) continue;
      if (got.n === o.clients) complete += 1;
      const at = Number(e.at);
      if (e.committed !== null) commitTimes += 1;
      const committed = e.committed === null ? at : Number(e.committed);
      fromCommit.push(got.last - committed);
      firstFromCommit.push(got.first - committed);
      fromAt.push(got.last - at);
      const answer = answered.get(`${e.key} ${e.version}`);
      if (answer !== undefined) fromAnswer.push(got.last - answer);
    }
    const ms = (v: number[]) =>
      `p50 ${percentile(v, 0.5).toFixed(1)} ms, p99 ${percentile(v, 0.99).toFixed(1)} ms, max ${Math.max(...v).toFixed(1)} ms`;
    console.log(
      `\nGET /api/events/ with ${o.clients.toLocaleString('en')} clients on one server (raw HTTP streams in a process of their own), ${o.changes} waybill changes at ${o.rate}/s through the API:`,
    );
    console.log(`Connected in ${connectSeconds.toFixed(1)} s; the hub counted ${hubSize} streams. Writer: ${writerSummary(written)}.`);
    console.log(
      `History entries: ${entries.length}; delivered to all ${o.clients} clients: ${complete}; streams lost: ${report.lost}; commit times from track_commit_timestamp: ${commitTimes} of ${entries.length}.`,
    );
    console.log('| measure | value |');
    console.log('|---|---|');
    console.log(
      `| server process RSS before the streams | ${(before.rss / MB).toFixed(0)} MB (heap used ${(before.heapUsed / MB).toFixed(0)} MB) |`,
    );
    console.log(
      `| RSS added, ${o.clients} streams connected (after a GC) | ${((connected.rss - before.rss) / MB).toFixed(1)} MB (heap ${((connected.heapUsed - before.heapUsed) / MB).toFixed(1)} MB; ${((connected.rss - before.rss) / o.clients / 1024).toFixed(1)} kB a stream) |`,
    );
    console.log(
      `| RSS added, peak while the changes went out | ${((peakRss - before.rss) / MB).toFixed(1)} MB (heap ${((peakHeap - before.heapUsed) / MB).toFixed(1)} MB) |`,
    );
    console.log(`| commit → last client | ${ms(fromCommit)} |`);
    console.log(`| commit → first client | ${ms(firstFromCommit)} |`);
    console.log(`| history \`at\` (transaction start) → last client | ${ms(fromAt)} |`);
    console.log(`| writer's answer → last client | ${ms(fromAnswer)} |`);
    console.log(
      `| server process CPU while the changes went out | ${((used.user + used.system) / 1000).toFixed(0)} ms (${((used.user + used.system) / 1000 / Math.max(1, entries.length)).toFixed(1)} ms a change, with its PATCH) |`,
    );
    console.log(`| client process CPU (the ${o.clients} streams) | ${report.cpuMs.toFixed(0)} ms |`);
  } finally {
    if (clients.exitCode === null) clients.kill();
  }
}
