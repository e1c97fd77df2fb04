import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { invoiceToday } from '@timberlog/contract';
import { deliveredWaybill, startServer, waitFor, waybillInput, type TestServer } from './helpers.js';

describe('invoices with the built-in outbox connector', () => {
  let s: TestServer;
  let token: string;
  before(async () => {
    s = await startServer();
    token = await s.user();
  });
  after(async () => {
    await s.close();
  });

  test('preview computes lines per assortment, VAT and totals without saving', async () => {
    const a = await deliveredWaybill(s, token, { quantity: '10.000', assortment: 'KU-PALK-18' });
    const b = await deliveredWaybill(s, token, { quantity: '2.555', assortment: 'KU-PALK-18' });
    const c = await deliveredWaybill(s, token, { quantity: '20.000', assortment: 'HAKE-T' });
    const before = await s.ctx.db.selectFrom('invoices').select(s.ctx.db.fn.countAll().as('n')).executeTakeFirst();
    const r = await s.req('GET', `/api/invoices/preview/?waybills=${a.number}&waybills=${b.number}&waybills=${c.number}`, { token });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body.lines, [
      { assortment: 'HAKE-T', assortmentName: 'Energy wood chips', quantity: '20.000', unit: 't', unitPrice: '27.80', amount: '556.00' },
      {
        assortment: 'KU-PALK-18',
        assortmentName: 'Spruce saw log 18+ cm',
        quantity: '12.555',
        unit: 'm3',
        unitPrice: '82.00',
        amount: '1029.51',
      },
    ]);
    assert.equal(r.body.netTotal, '1585.51');
    assert.equal(r.body.vatRate, '24.00');
    assert.equal(r.body.vatTotal, '380.52');
    assert.equal(r.body.grossTotal, '1966.03');
    assert.equal(r.body.currency, 'EUR');
    assert.equal(r.body.customer, a.destinationCompany);
    const afterCount = await s.ctx.db.selectFrom('invoices').select(s.ctx.db.fn.countAll().as('n')).executeTakeFirst();
    assert.deepEqual(afterCount, before);
  });

  test('preview rules: none, not delivered, already invoiced, mixed customers, not a customer, unknown', async () => {
    const none = await s.req('GET', '/api/invoices/preview/', { token });
    assert.equal(none.status, 400);
    assert.match(none.body.waybills[0], /at least one/);

    const draft = await s.req('POST', '/api/waybills/', { token, body: await waybillInput(s) });
    const nd = await s.req('GET', `/api/invoices/preview/?waybills=${draft.body.number}`, { token });
    assert.equal(nd.status, 400);
    assert.match(nd.body.waybills[0], /delivered/);

    const x = await deliveredWaybill(s, token);
    const created = await s.req('POST', '/api/invoices/', { token, body: { waybills: [x.number] } });
    assert.equal(created.status, 201);
    const again = await s.req('GET', `/api/invoices/preview/?waybills=${x.number}`, { token });
    assert.equal(again.status, 400);
    assert.match(again.body.waybills[0], /Already invoiced/);

    // A second customer's destination.
    const { sql } = await import('kysely');
    const other = (
      await sql<{ destination: string; company: string }>`
      SELECT w.destination_code AS destination, w.company FROM warehouses w JOIN companies c ON c.registry_code = w.company
      WHERE w.destination_code IS NOT NULL AND c.is_invoice_customer ORDER BY w.id OFFSET 1 LIMIT 1`.execute(s.ctx.db)
    ).rows[0]!;
    const y = await deliveredWaybill(s, token);
    const z = await deliveredWaybill(s, token, { destination: other.destination, destinationCompany: other.company });
    const mixed = await s.req('GET', `/api/invoices/preview/?waybills=${y.number}&waybills=${z.number}`, { token });
    assert.equal(mixed.status, 400);
    assert.match(mixed.body.waybills[0], /same destination company/);
    // Customers by name, with the registry code beside it (not codes alone).
    const otherName = (await sql<{ name: string }>`SELECT name FROM companies WHERE registry_code = ${other.company}`.execute(s.ctx.db))
      .rows[0]!.name;
    assert.ok(mixed.body.waybills[0].includes(`${otherName} (${other.company})`), mixed.body.waybills[0]);

    const notCustomer = (
      await sql<{ code: string }>`SELECT registry_code AS code FROM companies WHERE NOT is_invoice_customer LIMIT 1`.execute(s.ctx.db)
    ).rows[0]!.code;
    const nc = await deliveredWaybill(s, token, { destinationCompany: notCustomer });
    const ncr = await s.req('GET', `/api/invoices/preview/?waybills=${nc.number}`, { token });
    assert.equal(ncr.status, 400);
    assert.match(ncr.body.waybills[0], /not an invoice customer/);

    const unknown = await s.req('GET', '/api/invoices/preview/?waybills=W-0000-999999', { token });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.waybills[0], /Unknown/);
  });

  test("an issue date after today (in the invoices' calendar) is refused on its field, by the preview and the creation, and nothing is invoiced", async () => {
    const a = await deliveredWaybill(s, token);
    const tomorrow = new Date(Date.parse(`${invoiceToday()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const preview = await s.req('GET', `/api/invoices/preview/?waybills=${a.number}&issueDate=${tomorrow}`, { token });
    assert.equal(preview.status, 400);
    assert.deepEqual(preview.body, { issueDate: ['The issue date must not be in the future.'] });
    const created = await s.req('POST', '/api/invoices/', {
      token,
      body: { waybills: [a.number], issueDate: tomorrow },
      headers: { 'accept-language': 'et' },
    });
    assert.equal(created.status, 400);
    assert.deepEqual(created.body, { issueDate: ['Arve kuupäev ei tohi olla tulevikus.'] });
    assert.equal((await s.req('GET', `/api/waybills/${a.number}/`, { token })).body.status, 'delivered');
    // Today itself is allowed, and is the default.
    const today = await s.req('GET', `/api/invoices/preview/?waybills=${a.number}&issueDate=${invoiceToday()}`, { token });
    assert.equal(today.status, 200, today.text);
    assert.equal((await s.req('GET', `/api/invoices/preview/?waybills=${a.number}`, { token })).body.issueDate, invoiceToday());
  });

  test('create marks waybills invoiced and the job syncs it to the outbox', async () => {
    const a = await deliveredWaybill(s, token);
    const b = await deliveredWaybill(s, token);
    const r = await s.req('POST', '/api/invoices/', { token, body: { waybills: [a.number, b.number], issueDate: '2026-11-15' } });
    assert.equal(r.status, 201, r.text);
    assert.match(r.body.number, /^I-\d{4}-\d{6}$/);
    assert.equal(r.body.status, 'pending_sync');
    assert.equal(r.body.dueDate, '2026-11-29');
    assert.deepEqual(r.body.waybills, [a.number, b.number].sort());
    for (const n of [a.number, b.number]) {
      const w = await s.req('GET', `/api/waybills/${n}/`, { token });
      assert.equal(w.body.status, 'invoiced');
      assert.equal(w.body.invoice, r.body.number);
    }
    const synced = await waitFor(
      async () => {
        const x = await s.req('GET', `/api/invoices/${r.body.number}/`, { token });
        return x.body.status === 'synced' ? x.body : null;
      },
      20_000,
      'invoice sync',
    );
    assert.equal(synced.externalId, `LOCAL-${r.body.number}`);
    assert.equal(synced.syncAttempts, 1);
    assert.ok(synced.syncedAt);
    const file = path.join(s.ctx.config.dataDir, 'accounting-outbox', `${r.body.number}.json`);
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).grossTotal, r.body.grossTotal);
  });

  test('retry_sync is refused unless the sync failed', async () => {
    const list = await s.req('GET', '/api/invoices/?statusIn=synced&pageSize=1', { token });
    const r = await s.write('POST', `/api/invoices/${list.body.results[0].number}/retry_sync/`, { token });
    assert.equal(r.status, 400);
    assert.ok(r.body.nonFieldErrors);
    assert.equal((await s.write('POST', '/api/invoices/I-0000-000000/retry_sync/', { token })).status, 404);
  });

  test('list filters: status, statusIn, customer, search; detail by number', async () => {
    const all = await s.req('GET', '/api/invoices/?pageSize=100', { token });
    assert.ok(all.body.count > 0);
    const inv = all.body.results[0];
    for (const [q, ok] of [
      [`status=${inv.status}`, (i: any) => i.status === inv.status],
      ['statusIn=synced,sync_failed', (i: any) => ['synced', 'sync_failed'].includes(i.status)],
      [`customer=${inv.customer}`, (i: any) => i.customer === inv.customer],
      [`search=${inv.number}`, (i: any) => i.number === inv.number],
    ] as const) {
      const r = await s.req('GET', `/api/invoices/?pageSize=100&${q}`, { token });
      assert.equal(r.status, 200);
      assert.ok(r.body.count > 0 && r.body.results.every(ok), q);
    }
    const d = await s.req('GET', `/api/invoices/${inv.number}/`, { token });
    assert.deepEqual(d.body, inv);
  });
});

describe('invoice sync against an accounting endpoint', () => {
  let s: TestServer;
  let accounting: http.Server;
  let answer = 503;
  const received: any[] = [];
  before(async () => {
    accounting = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.writeHead(answer, { 'content-type': 'application/json' });
        res.end(answer === 200 ? JSON.stringify({ id: 'ACC-42' }) : JSON.stringify({ error: 'maintenance window' }));
      });
    });
    await new Promise<void>((r) => accounting.listen(0, '127.0.0.1', () => r()));
    const port = (accounting.address() as { port: number }).port;
    s = await startServer({ accountingSyncUrl: `http://127.0.0.1:${port}/invoices` });
  });
  after(async () => {
    await s.close();
    accounting.close();
  });

  test('failure gives sync_failed with the reason; retry_sync queues it again and it syncs', async () => {
    const token = await s.user();
    const w = await deliveredWaybill(s, token);
    const created = await s.req('POST', '/api/invoices/', { token, body: { waybills: [w.number] } });
    const failed = await waitFor(
      async () => {
        const x = await s.req('GET', `/api/invoices/${created.body.number}/`, { token });
        return x.body.status === 'sync_failed' ? x.body : null;
      },
      20_000,
      'sync failure',
    );
    // An ordinary user gets the reason, not the raw error; staff get both.
    assert.equal(failed.syncFailure, 'unavailable');
    assert.equal(failed.syncError, null);
    const asStaff = await s.req('GET', `/api/invoices/${created.body.number}/`, { token: await s.staff() });
    assert.match(asStaff.body.syncError, /503/);
    assert.equal(failed.syncAttempts, 1);
    assert.equal(received[0].number, created.body.number);

    answer = 200;
    const retry = await s.write('POST', `/api/invoices/${created.body.number}/retry_sync/`, { token });
    assert.equal(retry.status, 200);
    assert.equal(retry.body.status, 'pending_sync');
    const synced = await waitFor(
      async () => {
        const x = await s.req('GET', `/api/invoices/${created.body.number}/`, { token });
        return x.body.status === 'synced' ? x.body : null;
      },
      20_000,
      'sync after retry',
    );
    assert.equal(synced.externalId, 'ACC-42');
    assert.equal(synced.syncAttempts, 2);
    assert.equal(synced.syncError, null);
    assert.equal(synced.syncFailure, null);
  });
});

describe('accounting errors do not reach ordinary users', () => {
  let s: TestServer;
  let port = 0;
  before(async () => {
    // A port nothing listens on (taken, then freed): the connection is refused.
    const probe = http.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    s = await startServer({ accountingSyncUrl: `http://127.0.0.1:${port}/invoices` });
  });
  after(async () => {
    await s.close();
  });

  test('an ordinary user sees the reason (unreachable), never the raw error; staff see the raw error', async () => {
    const token = await s.user();
    const w = await deliveredWaybill(s, token);
    const created = await s.req('POST', '/api/invoices/', { token, body: { waybills: [w.number] } });
    const failed = await waitFor(
      async () => {
        const x = await s.req('GET', `/api/invoices/${created.body.number}/`, { token });
        return x.body.status === 'sync_failed' ? x.body : null;
      },
      20_000,
      'sync failure',
    );
    assert.equal(failed.syncFailure, 'unreachable');
    assert.equal(failed.syncError, null);
    const listed = await s.req('GET', `/api/invoices/?search=${created.body.number}`, { token });
    assert.equal(listed.body.results[0].syncError, null);
    assert.equal(listed.body.results[0].syncFailure, 'unreachable');
    assert.doesNotMatch(JSON.stringify(listed.body), new RegExp(`ECONNREFUSED|127\\.0\\.0\\.1:${port}`));
    const staff = await s.staff();
    const raw = await s.req('GET', `/api/invoices/${created.body.number}/`, { token: staff });
    assert.match(raw.body.syncError, /fetch failed.*ECONNREFUSED/);
    assert.equal(raw.body.syncFailure, 'unreachable');
    // The retry answer follows the same rule.
    const retried = await s.write('POST', `/api/invoices/${created.body.number}/retry_sync/`, { token });
    assert.equal(retried.status, 200);
    assert.equal(retried.body.syncError, null);
  });

  test("the invoice's history tells an ordinary user the reason, never the raw error; staff read it whole", async () => {
    const token = await s.user();
    const w = await deliveredWaybill(s, token);
    const created = await s.req('POST', '/api/invoices/', { token, body: { waybills: [w.number] } });
    await waitFor(
      async () => (await s.req('GET', `/api/invoices/${created.body.number}/`, { token })).body.status === 'sync_failed',
      20_000,
      'sync failure',
    );
    // A failed mail too: the raw error as the send route keeps it.
    await s.ctx.db
      .updateTable('invoices')
      .set({ sendError: `connect ECONNREFUSED 127.0.0.1:${port}`, lastModifiedAt: new Date() })
      .where('number', '=', created.body.number)
      .execute();
    const history = (who: string, lang = 'en') =>
      s.req('GET', `/api/invoices/${created.body.number}/history/`, { token: who, headers: { 'accept-language': lang } });
    const seen = await history(token);
    assert.equal(seen.status, 200);
    const fields = seen.body.results.flatMap((entry: { changes: { field: string; after: unknown }[] }) => entry.changes);
    assert.doesNotMatch(JSON.stringify(seen.body), /ECONNREFUSED|fetch failed|127\.0\.0\.1/);
    assert.ok(!fields.some((change: { field: string }) => change.field === 'syncError'));
    assert.ok(fields.some((change: { field: string; after: unknown }) => change.field === 'syncFailure' && change.after === 'unreachable'));
    assert.ok(
      fields.some(
        (change: { field: string; after: unknown }) => change.field === 'sendError' && /could not be sent/.test(String(change.after)),
      ),
    );
    const estonian = await history(token, 'et');
    assert.match(JSON.stringify(estonian.body), /Arvet ei õnnestunud saata/);
    const staffView = await history(await s.staff());
    assert.match(JSON.stringify(staffView.body), /fetch failed.*ECONNREFUSED/);
    assert.match(JSON.stringify(staffView.body), new RegExp(`ECONNREFUSED 127\\.0\\.0\\.1:${port}`));
  });
});
