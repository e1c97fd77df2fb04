/**
 * Export benchmark, run by `bench.ts` over its generated waybills: a 100,000-row XLSX, then the
 * whole table (1,002,000 rows at the default size) as CSV and as XLSX. For each: rows, seconds,
 * file size, peak RSS and heap added over a baseline taken just before (after a GC when `--expose-gc`
 * is on), the longest gap between progress updates (counted from the start and to the end, so a
 * slow first batch or a slow finish shows too), and the CPU time this process and the database's
 * processes spent (on a machine shared with other work, the wall time can be far above it).
 * Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import type { AppContext } from '../infra/context.js';
import { writeReport } from '../exports/report.js';
import { REPORTS } from '../reports.js';

export interface ExportBenchCase {
  name: string;
  format: 'xlsx' | 'csv';
  filters: Record<string, unknown>;
}

/** The cases `npm run bench:server` prints. */
export const EXPORT_BENCH_CASES: readonly ExportBenchCase[] = [
  // About 101,000 of the generated waybills (transport dates 2026-06-28..2026-11-20).
  { name: '100k XLSX', format: 'xlsx', filters: { transportDateAfter: '2026-06-28', transportDateBefore: '2026-11-20' } },
  // Every waybill (1,002,000 at the benchmark's default size, under XLSX's 1,048,575 data rows), newest first.
  { name: '1M CSV', format: 'csv', filters: {} },
  { name: '1M XLSX', format: 'xlsx', filters: {} },
];

export interface ExportBenchResult {
  name: string;
  rows: number;
  seconds: number;
  bytes: number;
  peakRssAdded: number;
  peakHeapAdded: number;
  baselineRss: number;
  progressUpdates: number;
  /** Longest time without a progress update, in seconds, from the start of the export to its end. */
  maxProgressGap: number;
  /** CPU seconds of this process (its main thread and the thread pool that compresses). */
  cpu: number;
  /** CPU seconds of the PostgreSQL this process started (undefined where /proc does not tell, or for another database). */
  dbCpu: number | undefined;
}

/**
 * Clock ticks (100 a second) each process of the PostgreSQL this process started (its postmaster
 * and the postmaster's children) has used so far, from Linux /proc; undefined elsewhere or when the
 * database is not a child of this process.
 */
function postgresTicks(): Map<string, number> | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  const procs: { pid: string; ppid: string; ticks: number }[] = [];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    // After the name: state, ppid (field 4), ...; utime and stime are fields 14 and 15.
    const fields = stat.slice(close + 2).split(' ');
    procs.push({ pid, ppid: fields[1]!, ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const postmasters = new Set(procs.filter((p) => p.ppid === String(process.pid)).map((p) => p.pid));
  if (postmasters.size === 0) return undefined;
  return new Map(procs.filter((p) => postmasters.has(p.pid) || postmasters.has(p.ppid)).map((p) => [p.pid, p.ticks]));
}

/** CPU seconds those processes alive at the end used since `before` (those that ended meanwhile are not counted). */
function postgresCpuSince(before: Map<string, number> | undefined): number | undefined {
  const after = postgresTicks();
  if (!before || !after) return undefined;
  let ticks = 0;
  for (const [pid, t] of after) ticks += t - (before.get(pid) ?? 0);
  return ticks / 100;
}

/** Runs one export case in this process and measures it; removes the file afterwards. */
export async function benchExport(ctx: AppContext, c: ExportBenchCase): Promise<ExportBenchResult> {
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 25);
  const cpu0 = process.cpuUsage();
  const db0 = postgresTicks();
  const started = performance.now();
  let last = started;
  let maxGap = 0;
  let updates = 0;
  try {
    const result = await writeReport(ctx, REPORTS.waybill_report, {
      id: '00000000-0000-4000-8000-000000000000',
      format: c.format,
      filters: c.filters,
      locale: 'en',
      onProgress: async () => {
        const now = performance.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
        updates += 1;
      },
    });
    const ended = performance.now();
    maxGap = Math.max(maxGap, ended - last);
    const cpu = process.cpuUsage(cpu0);
    const dbCpu = postgresCpuSince(db0);
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    const bytes = fs.statSync(result.file).size;
    fs.rmSync(result.file, { force: true });
    return {
      name: c.name,
      rows: result.rowCount,
      seconds: (ended - started) / 1000,
      bytes,
      peakRssAdded: peakRss - baseline.rss,
      peakHeapAdded: peakHeap - baseline.heapUsed,
      baselineRss: baseline.rss,
      progressUpdates: updates,
      maxProgressGap: maxGap / 1000,
      cpu: (cpu.user + cpu.system) / 1e6,
      dbCpu,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Runs every case (or `cases`) one after the other and prints a table of their figures. */
export async function benchExports(ctx: AppContext, cases: readonly ExportBenchCase[] = EXPORT_BENCH_CASES): Promise<ExportBenchResult[]> {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
  console.log(
    '\nWaybill report exports, written by this process from COPY (RSS and heap: peak added over the baseline before each; CPU: this process, PostgreSQL):',
  );
  console.log(
    '| export | rows | seconds | file MB | peak RSS added MB (baseline) | peak heap added MB | progress updates | longest gap s | CPU s: server / database |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const results: ExportBenchResult[] = [];
  for (const c of cases) {
    const r = await benchExport(ctx, c);
    results.push(r);
    console.log(
      `| ${r.name} | ${r.rows.toLocaleString('en')} | ${r.seconds.toFixed(1)} | ${mb(r.bytes)} | ${mb(r.peakRssAdded)} (${mb(r.baselineRss)}) | ` +
        `${mb(r.peakHeapAdded)} | ${r.progressUpdates} | ${r.maxProgressGap.toFixed(2)} | ${r.cpu.toFixed(1)} / ${r.dbCpu?.toFixed(1) ?? '?'} |`,
    );
  }
  return results;
}
