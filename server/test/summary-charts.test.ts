import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { INVOICE_STATUSES, SUMMARY_CHARTS, chartPeriods, todayIn } from '@timberlog/contract';
import { deliveredWaybill, startServer, waybillInput, type TestServer } from './helpers.js';
import { invoiceFigures, waybillFigures } from '../src/summary/charts.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('summary-charts', () => {
  let s: TestServer;
  let token: string;
  let typeId: number;
  const DEST = 'CHART-DEST';
  const M3 = 'CHART-M3';
  const T = 'CHART-T';

  const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const charts = async (as = token) => {
    const r = await s.req('GET', '/api/summary/charts', { token: as });
    assert.equal(r.status, 200, r.text);
    return r.body;
  };
  interface Haul {
    week: string;
    assortmentType: number;
    assortmentTypeName: string;
    unit: string;
    waybills: number;
    quantity: string;
  }
  const oursOf = (body: { hauls: Haul[] }): Haul[] => body.hauls.filter((h) => h.assortmentType === typeId);

  before(async () => {
    s = await startServer({}, { workers: false });
    token = await s.user();
    // An assortment type of its own with one assortment per unit, and a destination of its own: the
    // figures for them come from the waybills this test makes only.
    typeId = (
      await sql<{ id: number }>`INSERT INTO assortment_types (name, description) VALUES ('Chart test type', '') RETURNING id`.execute(
        s.ctx.db,
      )
    ).rows[0]!.id;
    await sql`INSERT INTO assortments (code, name, assortment_type, species, unit, unit_price)
    VALUES (${M3}, 'Chart logs', ${typeId}, 'spruce', 'm3', '50.00'), (${T}, 'Chart chips', ${typeId}, 'other', 't', '20.00')`.execute(
      s.ctx.db,
    );
    const base = await waybillInput(s);
    await sql`INSERT INTO warehouses (name, company, destination_code, address)
    VALUES ('Chart mill', ${base.destinationCompany as string}, ${DEST}, 'Saeveski 1, Tartu')`.execute(s.ctx.db);
  });
  after(async () => {
    await s.close();
  });

  test('the periods: twelve ISO weeks ending with the current one, twelve months ending with this one', async () => {
    const body = await charts();
    const today = todayIn(SUMMARY_CHARTS.timeZone);
    assert.equal(body.today, today);
    assert.equal(body.weeks.length, SUMMARY_CHARTS.weeks);
    for (const week of body.weeks) assert.equal(new Date(`${week}T00:00:00Z`).getUTCDay(), 1, `${week} is a Monday`);
    assert.ok(body.weeks.at(-1) <= today && shift(body.weeks.at(-1), 7) > today);
    assert.equal(shift(body.weeks[0], 77), body.weeks.at(-1));
    assert.equal(body.month, `${today.slice(0, 7)}-01`);
    assert.equal(body.months.length, SUMMARY_CHARTS.months);
    assert.equal(body.months.at(-1), body.month);
    assert.deepEqual(chartPeriods('2026-03-01').weeks.slice(-2), ['2026-02-16', '2026-02-23']);
    assert.deepEqual(chartPeriods('2026-03-01').months.slice(0, 2), ['2025-04-01', '2025-05-01']);
    assert.deepEqual(chartPeriods('2026-11-27').months.at(-1), '2026-11-01');
    // 23:30 UTC on 30 November is already 1 December in Tallinn.
    assert.equal(todayIn('Europe/Tallinn', new Date('2026-11-30T23:30:00Z')), '2026-12-01');
  });

  test('hauls, top destinations and invoicing are the sums of the rows made here', async () => {
    const before = await charts();
    assert.deepEqual(oursOf(before), []);
    const { today, weeks } = before;
    const base = { destination: DEST };
    // Hauled this week (today, so also this month): two loads in m³, one in t, to our destination.
    const a = await deliveredWaybill(s, token, { ...base, transportDate: today, assortment: M3, quantity: '10.500' });
    const b = await deliveredWaybill(s, token, { ...base, transportDate: today, assortment: M3, quantity: '20.250' });
    await deliveredWaybill(s, token, { ...base, transportDate: today, assortment: T, quantity: '7.125' });
    // More loads today, so that the destination leads the month.
    for (let i = 0; i < 5; i++) await deliveredWaybill(s, token, { ...base, transportDate: today, assortment: T, quantity: '1.000' });
    // The first week of the twelve, and the week before it (left out).
    await deliveredWaybill(s, token, { transportDate: weeks[0], assortment: M3, quantity: '3.000' });
    await deliveredWaybill(s, token, { transportDate: shift(weeks[0], -1), assortment: M3, quantity: '99.000' });
    // Not hauled: a draft, a confirmed and a cancelled waybill this week.
    const input = await waybillInput(s);
    const made = [];
    for (const status of [undefined, 'confirmed', 'cancelled']) {
      const r = await s.req('POST', '/api/waybills/', {
        token,
        body: { ...input, ...base, transportDate: today, assortment: M3, quantity: '55.000' },
      });
      assert.equal(r.status, 201, r.text);
      made.push(r.body.number);
      if (status) assert.equal((await s.write('PATCH', `/api/waybills/${r.body.number}/`, { token, body: { status } })).status, 200);
    }

    const after = await charts();
    const row = (week: string, unit: string, waybills: number, quantity: string) => ({
      week,
      assortmentType: typeId,
      assortmentTypeName: 'Chart test type',
      unit,
      waybills,
      quantity,
    });
    assert.deepEqual(oursOf(after), [
      row(weeks[0], 'm3', 1, '3.000'),
      row(weeks.at(-1), 'm3', 2, '30.750'),
      row(weeks.at(-1), 't', 6, '12.125'),
    ]);
    // The rows come in order: week, assortment type, unit.
    const order = after.hauls.map((h: { week: string; assortmentType: number; unit: string }) => [h.week, h.assortmentType, h.unit]);
    const sorted = [...order].sort((x, y) =>
      x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0),
    );
    assert.deepEqual(order, sorted);
    for (const week of after.hauls.map((h: { week: string }) => h.week)) assert.ok(after.weeks.includes(week));

    assert.deepEqual(after.topDestinations[0], {
      destination: DEST,
      destinationName: 'Chart mill',
      waybills: 8,
      m3: '30.750',
      t: '12.125',
    });
    assert.ok(after.topDestinations.length <= SUMMARY_CHARTS.topDestinations);
    for (let i = 1; i < after.topDestinations.length; i++)
      assert.ok(after.topDestinations[i - 1].waybills >= after.topDestinations[i].waybills);

    // An invoice of two of the loads, issued today: one more pending invoice this month, with its sums.
    const invoice = await s.req('POST', '/api/invoices/', { token, body: { waybills: [a.number, b.number], issueDate: today } });
    assert.equal(invoice.status, 201, invoice.text);
    const invoiced = await charts();
    const month = (body: typeof before, status: string) =>
      body.invoicing.find((i: { month: string; status: string }) => i.month === body.month && i.status === status) ?? {
        invoices: 0,
        netTotal: '0.00',
        grossTotal: '0.00',
      };
    const was = month(before, 'pending_sync');
    const now = month(invoiced, 'pending_sync');
    assert.equal(now.invoices, was.invoices + 1);
    assert.equal(Number(now.netTotal) - Number(was.netTotal), Number(invoice.body.netTotal));
    assert.equal((Number(now.grossTotal) - Number(was.grossTotal)).toFixed(2), invoice.body.grossTotal);
    // Invoiced waybills are still hauled: the week's figures did not move.
    assert.deepEqual(oursOf(invoiced), oursOf(after));
    const rank = (status: string) => INVOICE_STATUSES.indexOf(status as never);
    for (let i = 1; i < invoiced.invoicing.length; i++) {
      const [x, y] = [invoiced.invoicing[i - 1], invoiced.invoicing[i]];
      assert.ok(x.month < y.month || (x.month === y.month && rank(x.status) < rank(y.status)), JSON.stringify([x, y]));
    }
  });

  test('a waybill delivered after an answer shows in the next one; a renamed type at once', async () => {
    const first = await charts();
    const second = await charts();
    assert.deepEqual(second, first);
    await deliveredWaybill(s, token, { destination: DEST, transportDate: first.today, assortment: T, quantity: '2.500' });
    const moved = await charts();
    const week = (body: typeof first): Haul => oursOf(body).find((h) => h.week === first.weeks.at(-1) && h.unit === 't')!;
    assert.equal(week(moved).waybills, week(first).waybills + 1);
    assert.equal((Number(week(moved).quantity) - Number(week(first).quantity)).toFixed(3), '2.500');
    const staff = await s.staff();
    const renamed = await s.write('PATCH', `/api/admin/assortment-types/${typeId}/`, {
      token: staff,
      body: { name: 'Chart type renamed' },
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.ok(oursOf(await charts()).every((h) => h.assortmentTypeName === 'Chart type renamed'));
  });

  test("in Estonian, the reference data's Estonian names where it has them; the one name where not", async () => {
    const staff = await s.staff();
    const inEstonian = async () => {
      const r = await s.req('GET', '/api/summary/charts', { token, headers: { 'accept-language': 'et' } });
      assert.equal(r.status, 200, r.text);
      return r.body;
    };
    const destinationOf = (body: { topDestinations: { destination: string; destinationName: string }[] }) =>
      body.topDestinations.find((d) => d.destination === DEST)?.destinationName;
    const before = await inEstonian();
    assert.ok(oursOf(before).every((h) => h.assortmentTypeName === 'Chart type renamed'));
    assert.equal(destinationOf(before), 'Chart mill');

    const named = await s.write('PATCH', `/api/admin/assortment-types/${typeId}/`, { token: staff, body: { nameEt: '  Graafikupalk ' } });
    assert.equal(named.status, 200, named.text);
    assert.equal(named.body.nameEt, 'Graafikupalk');
    const mill = (await s.req('GET', `/api/admin/warehouses/?search=${encodeURIComponent('Chart mill')}`, { token: staff })).body
      .results[0];
    const place = await s.write('PATCH', `/api/admin/warehouses/${mill.id}/`, { token: staff, body: { nameEt: 'Graafiku saeveski' } });
    assert.equal(place.status, 200, place.text);

    const after = await inEstonian();
    assert.ok(oursOf(after).length > 0 && oursOf(after).every((h) => h.assortmentTypeName === 'Graafikupalk'));
    assert.equal(destinationOf(after), 'Graafiku saeveski');
    // English keeps the name; an empty Estonian name is no name.
    assert.ok(oursOf(await charts()).every((h) => h.assortmentTypeName === 'Chart type renamed'));
    assert.equal(destinationOf(await charts()), 'Chart mill');
    const cleared = await s.write('PATCH', `/api/admin/assortment-types/${typeId}/`, { token: staff, body: { nameEt: ' ' } });
    assert.equal(cleared.body.nameEt, null);
    assert.ok(oursOf(await inEstonian()).every((h) => h.assortmentTypeName === 'Chart type renamed'));
  });

  test('anonymous callers and bad tokens get 401; every signed-in user the same figures', async () => {
    assert.equal((await s.req('GET', '/api/summary/charts')).status, 401);
    assert.equal((await s.req('GET', '/api/summary/charts/', { token: 'not-a-token' })).status, 401);
    assert.deepEqual(await charts(await s.staff()), await charts(token));
  });

  test('the figures read the waybills through an index, never the whole table', async () => {
    const periods = chartPeriods(todayIn(SUMMARY_CHARTS.timeZone));
    await s.ctx.db.transaction().execute(async (trx) => {
      // The test data is small enough for a sequential scan: show the plan the planner takes on a big table.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      for (const query of [waybillFigures(periods), invoiceFigures(periods)]) {
        const plan = (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx)).rows.map((r) => r['QUERY PLAN']).join('\n');
        assert.doesNotMatch(plan, /Seq Scan on (waybills|invoices)\b/, plan);
        // Any index that leads with the status or the date (the date's with the status or the text key beside it).
        assert.match(
          plan,
          /Scan (using|on) (waybills_(status|status_sums|transport_date_status|date_text_key)_idx|invoices_issue_date_idx)\b/,
          plan,
        );
      }
    });
  });
});
