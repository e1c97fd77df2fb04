import { sql } from 'kysely';
import type { AppContext } from '../infra/context.js';
import { QUEUES, workEach } from '../infra/jobs.js';
import { standinRegister } from '../dev/evr-standin.js';
import { loadStartSource, startRequestOf } from '../evr/request.js';
import { pollEvr } from '../evr/poller.js';
import { runEvrSync } from '../evr/sending.js';
import { DEMO_USERS } from '../seed/data.js';
import { runBulk } from '../waybills/bulk.js';

/**
 * EVR at volume, against the register's stand-in over real HTTP on loopback: the poller taking in
 * 10,000 changed EVR waybills in one pass (100 pages of 100, applied 500 to a statement), 10,000 loads
 * another company starts to us taken in as incoming waybills in one pass, and a bulk
 * confirmation of 1,000 waybills sent to EVR by the job queue (one worker, as one server runs).
 * Prints figures; asserts nothing but that everything arrived.
 */
export async function benchEvr(ctx: AppContext): Promise<void> {
  const { createEvrStandin } = await import('@timberlog/evr-standin');
  const KEY = 'bench-evr-key';
  const ours = (await ctx.db.selectFrom('companies').select('registryCode').orderBy('registryCode').executeTakeFirstOrThrow()).registryCode;
  const register = await standinRegister(ctx.db, (code) => (code === ours ? KEY : `bench-${code}`));
  const standin = createEvrStandin({ ...register, logger: false });
  const url = await standin.listen({ port: 0 });
  const saved = { evrUrl: ctx.config.evrUrl, evrApiKey: ctx.config.evrApiKey, ownCompany: ctx.config.ownCompany };
  Object.assign(ctx.config, { evrUrl: url, evrApiKey: KEY, ownCompany: ours });
  try {
    const changed = Number(process.env.BENCH_EVR_CHANGES || 10_000);
    const sample = await sql<{ number: string }>`
      SELECT b.number FROM waybills b JOIN warehouses wd ON wd.destination_code = b.destination
      WHERE wd.evr_place_code IS NOT NULL AND wd.company = b.destination_company
      ORDER BY b.number LIMIT 1`.execute(ctx.db);
    const template = await loadStartSource(ctx.db, sample.rows[0]!.number, ours);
    if (!template) throw new Error('no waybill to start in EVR');
    // The bench's generated waybills are from before EVR: this one is given what EVR needs.
    const start = startRequestOf(
      {
        ...template,
        transporter: { ...template.transporter, code: ours },
        driverIdCode: '37605030299',
        holdingBasisType: 'ForestNotice',
        cadastralNumber: '78401:001:0123',
      },
      new Date(),
    );
    const before = new Date(Date.now() - 1000);
    await sql`INSERT INTO evr_poll (id, mark) VALUES (1, ${before}) ON CONFLICT (id) DO UPDATE SET mark = excluded.mark`.execute(ctx.db);

    // 10,000 EVR waybills started by us (10 at a time), each one of our waybills by its EVR number.
    let t = performance.now();
    const numbers: string[] = [];
    for (let i = 0; i < changed; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, changed - i) }, async () => {
          const r = await fetch(`${url}/api/waybills`, {
            method: 'POST',
            headers: { 'EVR-APIKEY': KEY, 'content-type': 'application/json' },
            body: JSON.stringify(start),
          });
          if (!r.ok) throw new Error(`start: ${r.status} ${await r.text()}`);
          const body = (await r.json()) as string | { number: string };
          return typeof body === 'string' ? body : body.number;
        }),
      );
      numbers.push(...batch);
    }
    const started = (performance.now() - t) / 1000;
    await sql`UPDATE waybills b SET evr_number = v.evr FROM (
        SELECT unnest(${numbers}::text[]) AS evr, unnest((SELECT array_agg(number ORDER BY number) FROM
          (SELECT number FROM waybills WHERE status = 'delivered' ORDER BY number LIMIT ${changed}) s)) AS number) v
      WHERE b.number = v.number`.execute(ctx.db);
    await afterStandinClock(url, KEY, numbers.at(-1)!);
    t = performance.now();
    const result = await pollEvr(ctx);
    const polled = (performance.now() - t) / 1000;
    console.log(`\nEVR (its stand-in over HTTP on loopback):`);
    console.log('| step | count | seconds | per second |');
    console.log('|---|---:|---:|---:|');
    console.log(
      `| start ${changed.toLocaleString('en')} EVR waybills (the stand-in's side, 10 at a time) | ${changed} | ${started.toFixed(1)} | ${Math.round(changed / started)} |`,
    );
    console.log(
      `| one poll: read every page of the changes and apply them (history via EVR) | ${result?.applied ?? 0} of ${result?.read ?? 0} | ${polled.toFixed(1)} | ${Math.round((result?.read ?? 0) / polled)} |`,
    );

    // 10,000 loads another company starts to us (incoming waybills): one poll takes them all in.
    const supplier = await ctx.db
      .selectFrom('companies')
      .select(['registryCode', 'name'])
      .where('registryCode', '<>', ours)
      .orderBy('registryCode')
      .executeTakeFirstOrThrow();
    const own = register.companies.find((c) => c.registryCode === ours)!;
    const incomingStart = {
      ...start,
      owner: { ...(start.owner as Record<string, unknown>), name: supplier.name, code: supplier.registryCode },
      transport: { ...(start.transport as Record<string, unknown>), transporter: { name: supplier.name, code: supplier.registryCode } },
      receiver: { ...(start.receiver as Record<string, unknown>), name: own.name, code: ours },
      placeOfDelivery: { name: `${own.name}, plats`, address: (start.placeOfDelivery as { address: unknown }).address },
    };
    t = performance.now();
    let lastIncoming = '';
    for (let i = 0; i < changed; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, changed - i) }, async () => {
          const r = await fetch(`${url}/api/waybills`, {
            method: 'POST',
            headers: { 'EVR-APIKEY': `bench-${supplier.registryCode}`, 'content-type': 'application/json' },
            body: JSON.stringify(incomingStart),
          });
          if (!r.ok) throw new Error(`incoming start: ${r.status} ${await r.text()}`);
          lastIncoming = (await r.json()) as string;
        }),
      );
    }
    const incomingStarted = (performance.now() - t) / 1000;
    await afterStandinClock(url, `bench-${supplier.registryCode}`, lastIncoming);
    t = performance.now();
    const taken = await pollEvr(ctx);
    const incomingPolled = (performance.now() - t) / 1000;
    console.log(
      `| start ${changed.toLocaleString('en')} loads to us from another company (the stand-in's side, 10 at a time) | ${changed} | ${incomingStarted.toFixed(1)} | ${Math.round(changed / incomingStarted)} |`,
    );
    console.log(
      `| one poll: take them in as incoming waybills (history via EVR) | ${taken?.incoming ?? 0} of ${taken?.read ?? 0} | ${incomingPolled.toFixed(1)} | ${Math.round((taken?.read ?? 0) / incomingPolled)} |`,
    );

    // A bulk confirmation of 1,000 drafts made ready for EVR, sent by the queue's worker.
    const drafts = 1000;
    const made = await sql<{ number: string; version: number }>`
      UPDATE waybills SET status = 'draft', invoice = NULL, evr_number = NULL, evr_status = NULL, evr_sync = NULL,
        transporter_company = ${ours}, driver_id_code = '37605030299', departure_time = now(),
        owner_company = (SELECT wo.company FROM warehouses wo WHERE wo.origin_code = waybills.origin),
        holding_basis_type = 'ForestNotice', cadastral_number = '78401:001:0123'
      WHERE number IN (SELECT b.number FROM waybills b JOIN warehouses wd ON wd.destination_code = b.destination
        WHERE wd.evr_place_code IS NOT NULL AND wd.company = b.destination_company AND b.status = 'confirmed'
        ORDER BY b.number DESC LIMIT ${drafts})
      RETURNING number, version`.execute(ctx.db);
    // The server's own worker (worker.ts): one job after another.
    await workEach<{ number: string }>(ctx.jobs.boss, QUEUES.evrSync, { pollingIntervalSeconds: 0.5 }, (job) =>
      runEvrSync(ctx, job.data.number, { final: job.retryCount >= job.retryLimit }),
    );
    t = performance.now();
    // The bulk action's own code, as its background job runs it (bench-volume.ts does the same).
    const asker = { email: DEMO_USERS.staff.email, isStaff: true, locale: 'en' as const };
    const versions = Object.fromEntries(made.rows.map((r) => [r.number, r.version]));
    const outcome = await runBulk(ctx, asker, { action: 'confirm', numbers: made.rows.map((r) => r.number), versions, dryRun: false });
    // Every one is made ready for EVR above: a refusal is the bench's own mistake, said at once.
    if (outcome.done !== made.rows.length) {
      throw new Error(`bulk confirm: ${outcome.done} done, ${outcome.refused} refused, ${outcome.stale} stale of ${made.rows.length}`);
    }
    const numbersMade = made.rows.map((r) => r.number);
    await waitUntil(ctx, numbersMade, 'confirmed');
    const confirmedAfter = (performance.now() - t) / 1000;
    await waitUntil(ctx, numbersMade, 'sent', 600_000);
    const sentAfter = (performance.now() - t) / 1000;
    console.log(
      `| bulk confirm ${made.rows.length.toLocaleString('en')} waybills (the bulk action's job, run here) | ${made.rows.length} | ${confirmedAfter.toFixed(1)} | ${Math.round(made.rows.length / confirmedAfter)} |`,
    );
    console.log(
      `| … and every one started in EVR by the queue's one worker | ${made.rows.length} | ${sentAfter.toFixed(1)} | ${Math.round(made.rows.length / sentAfter)} |`,
    );
  } finally {
    await ctx.jobs.boss.offWork(QUEUES.evrSync).catch(() => undefined);
    Object.assign(ctx.config, saved);
    await standin.close();
  }
}

/**
 * Waits until the stand-in's clock is behind ours: it gives every change a time a millisecond after
 * the last, so a burst of thousands runs seconds ahead of the wall clock, and a poll (whose window
 * ends now) would leave the newest for its next turn.
 */
async function afterStandinClock(url: string, key: string, number: string): Promise<void> {
  const r = await fetch(`${url}/api/waybills/${number}`, { headers: { 'EVR-APIKEY': key } });
  const last = Date.parse(((await r.json()) as { lastModificationTime: string }).lastModificationTime);
  while (Date.now() <= last) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, last - Date.now() + 5)));
}

/** Seconds from now until every one of `numbers` is confirmed, or has its EVR number. */
async function waitUntil(ctx: AppContext, numbers: readonly string[], what: 'confirmed' | 'sent', timeoutMs = 300_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM waybills WHERE number = ANY(${numbers})
      AND ${what === 'confirmed' ? sql`status = 'confirmed'` : sql`evr_number IS NOT NULL AND evr_sync IS NULL`}`.execute(ctx.db);
    if (rows[0]!.n === numbers.length) return (performance.now() - started) / 1000;
    if (performance.now() - started > timeoutMs) throw new Error(`${rows[0]!.n} of ${numbers.length} ${what} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
