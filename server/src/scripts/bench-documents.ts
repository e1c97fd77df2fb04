/**
 * Benchmark of the documents: the waybill and invoice PDFs and the e-invoice, through real HTTP on
 * loopback, one request at a time, in English and Estonian in turn: p50, p95 and the largest time per
 * document, and its size. The target is p50 ≤ 200 ms per PDF (docs/decisions/0011-pdf-documents.md).
 * Part of `npm run bench:server` (BENCH_DOCUMENTS=0 leaves it out); on its own, on a small seeded
 * database: `npx tsx src/scripts/bench-documents.ts` (in server/).
 */
import { sql } from 'kysely';
import type { AppContext } from '../infra/context.js';

const RUNS = Number(process.env.BENCH_DOCUMENT_RUNS || 40);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** Times each document's route; prints one line per document. */
export async function benchDocuments(ctx: AppContext, base: string, token: string): Promise<void> {
  const waybill = (await sql<{ number: string }>`SELECT number FROM waybills ORDER BY number LIMIT 1`.execute(ctx.db)).rows[0]?.number;
  const invoice = (
    await sql<{
      number: string;
      lines: number;
    }>`SELECT number, jsonb_array_length(lines) AS lines FROM invoices ORDER BY jsonb_array_length(lines) DESC, number LIMIT 1`.execute(
      ctx.db,
    )
  ).rows[0];
  if (!waybill || !invoice) {
    console.log('\nDocuments: no waybill or invoice to draw.');
    return;
  }
  const cases = [
    { name: 'waybill PDF', path: `/api/waybills/${waybill}/pdf/` },
    { name: `invoice PDF (${invoice.lines} lines)`, path: `/api/invoices/${invoice.number}/pdf/` },
    { name: 'e-invoice (UBL XML)', path: `/api/invoices/${invoice.number}/einvoice/` },
  ];
  console.log(`\nDocuments, ${RUNS} requests each (one at a time, en and et in turn, after 3 warm-up requests):`);
  console.log('document                      |   p50 ms |   p95 ms |   max ms |     size');
  for (const c of cases) {
    const fetchOnce = async (i: number) => {
      const t = performance.now();
      const res = await fetch(base + c.path, { headers: { authorization: `Bearer ${token}`, 'accept-language': i % 2 ? 'et' : 'en' } });
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`${c.path}: ${res.status} ${body.toString().slice(0, 200)}`);
      return { ms: performance.now() - t, size: body.length };
    };
    for (let i = 0; i < 3; i++) await fetchOnce(i);
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RUNS; i++) {
      const r = await fetchOnce(i);
      times.push(r.ms);
      size = r.size;
    }
    times.sort((a, b) => a - b);
    const ms = (v: number) => v.toFixed(1).padStart(8);
    console.log(
      `${c.name.padEnd(30)}|${ms(percentile(times, 50))} |${ms(percentile(times, 95))} |${ms(times.at(-1)!)} | ${`${(size / 1024).toFixed(1)} kB`.padStart(8)}`,
    );
  }
}

// On its own: a small seeded database, the server on a free port, the documents timed.
if (process.argv[1]?.endsWith('bench-documents.ts')) {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { default: pino } = await import('pino');
  const { loadConfig } = await import('../infra/config.js');
  const { startEmbeddedPostgres } = await import('../dev/embedded-pg.js');
  const { closeContext, createContext } = await import('../infra/bootstrap.js');
  const { buildApp } = await import('../app.js');
  const { seed } = await import('../seed/seed.js');
  const { DEMO_USERS } = await import('../seed/data.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timberlog-bench-documents-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres(path.join(dir, 'pg'), { database: 'timberlog_bench_documents' });
  const config = loadConfig({ dataDir: path.join(dir, 'data'), port: 0, host: '127.0.0.1', databaseUrl: pg.url, logLevel: 'warn' });
  const ctx = await createContext(config, pg.url, pino({ level: 'warn' }));
  try {
    await seed(ctx.db, { waybills: 500, worklogs: 100 });
    const app = await buildApp(ctx, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await fetch(`${base}/api/auth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USERS.user.email, password: DEMO_USERS.user.password }),
    });
    const { access } = (await login.json()) as { access: string };
    await benchDocuments(ctx, base, access);
    await app.close();
  } finally {
    await closeContext(ctx);
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
