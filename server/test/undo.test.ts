import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { bulkRows, snapshot, startServer, waybillInput, type TestServer } from './helpers.js';

interface Row {
  number: string;
  outcome: string;
  from: string | null;
  to: string | null;
  version: number | null;
  needsReason: boolean;
  message: string | null;
}

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('bulk undo', () => {
  let s: TestServer;
  let staff: string;
  let user: string;
  before(async () => {
    s = await startServer({}, { workers: false });
    staff = await s.staff();
    user = await s.user();
  });
  after(async () => {
    await s.close();
  });

  /** New drafts through the API. */
  async function drafts(n: number): Promise<string[]> {
    const input = await waybillInput(s);
    const numbers: string[] = [];
    for (let i = 0; i < n; i++) {
      const r = await s.req('POST', '/api/waybills/', { token: user, body: { ...input, notes: 'Undo test' } });
      assert.equal(r.status, 201, r.text);
      numbers.push(r.body.number);
    }
    return numbers;
  }

  const bulk = (token: string, body: Record<string, unknown>, locale = 'en') =>
    s.req('POST', '/api/waybills/bulk/', { token, body, headers: { 'accept-language': locale } });

  /** A bulk action run for real over `numbers` as `token`, all of its rows done. */
  async function ran(token: string, action: string, numbers: string[], reason?: string): Promise<Row[]> {
    const r = await bulk(token, { action, rows: await bulkRows(s, token, numbers), dryRun: false, ...(reason ? { reason } : {}) });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.done, numbers.length, r.text);
    return r.body.rows as Row[];
  }

  /** The undo's rows of a result: each done row back to where it came from, with the version it was left at. */
  const undoRows = (rows: Row[]) => rows.map((row) => ({ number: row.number, version: row.version, status: row.from }));

  const get = async (number: string) => (await s.req('GET', `/api/waybills/${number}/`, { token: user })).body;
  const history = async (number: string) =>
    (await s.req('GET', `/api/waybills/${number}/history/`, { token: staff })).body.results as {
      via: string;
      reason: string | null;
      version: number;
      changes: { field: string; before: string; after: string }[];
    }[];

  test("each row done gives the waybill's version after the change, as the waybill then has it", async () => {
    const numbers = await drafts(2);
    const read = await bulkRows(s, user, numbers);
    const preview = await bulk(user, { action: 'confirm', rows: read, dryRun: true });
    assert.deepEqual(
      (preview.body.rows as Row[]).map((row) => [row.version, row.needsReason]),
      read.map((row) => [row.version, false]),
    );
    const rows = await ran(user, 'confirm', numbers);
    for (const [i, row] of rows.entries()) {
      assert.equal(row.version, read[i]!.version + 1);
      assert.equal((await get(row.number)).version, row.version);
    }
  });

  test('staff undo a bulk confirm with a reason: each waybill back to draft, recorded as one more bulk change', async () => {
    const numbers = await drafts(3);
    const confirmed = await ran(user, 'confirm', numbers, 'Morning trucks');
    const rows = undoRows(confirmed);

    // The preview says a reason is needed (back to draft is a correction) and changes nothing.
    const before = await snapshot(s.ctx);
    const preview = await bulk(staff, { action: 'undo', rows, dryRun: true });
    assert.equal(preview.status, 200, preview.text);
    assert.deepEqual(
      (preview.body.rows as Row[]).map((row) => [row.outcome, row.from, row.to, row.needsReason]),
      numbers.map(() => ['done', 'confirmed', 'draft', true]),
    );
    assert.equal(await snapshot(s.ctx), before);
    // Run without one, each row is refused in the correction's words, and nothing changes.
    const noReason = await bulk(staff, { action: 'undo', rows, dryRun: false });
    assert.deepEqual(
      (noReason.body.rows as Row[]).map((row) => row.outcome),
      ['refused', 'refused', 'refused'],
    );
    assert.match((noReason.body.rows as Row[])[0]!.message!, /goes back to draft/);
    assert.equal(await snapshot(s.ctx), before);

    const withReason = await bulk(staff, { action: 'undo', rows, dryRun: true, reason: 'Wrong trucks' });
    assert.deepEqual(
      (withReason.body.rows as Row[]).map((row) => row.needsReason),
      [false, false, false],
    );
    const undone = await bulk(staff, { action: 'undo', rows, dryRun: false, reason: 'Wrong trucks' });
    assert.equal(undone.status, 200, undone.text);
    assert.equal(undone.body.action, 'undo');
    assert.equal(undone.body.done, 3);
    for (const [i, row] of (undone.body.rows as Row[]).entries()) {
      assert.deepEqual([row.outcome, row.from, row.to], ['done', 'confirmed', 'draft']);
      assert.equal(row.version, confirmed[i]!.version! + 1);
      const waybill = await get(row.number);
      assert.equal(waybill.status, 'draft');
      assert.equal(waybill.version, row.version);
      const [undo, confirm] = await history(row.number);
      assert.deepEqual(
        { via: undo!.via, reason: undo!.reason, version: undo!.version, changes: undo!.changes },
        { via: 'bulk', reason: 'Wrong trucks', version: row.version, changes: [{ field: 'status', before: 'confirmed', after: 'draft' }] },
      );
      assert.deepEqual([confirm!.via, confirm!.reason], ['bulk', 'Morning trucks']);
    }
    // The same undo again: each row is now stale (its version moved on), and stays a draft.
    const again = await bulk(staff, { action: 'undo', rows, dryRun: false, reason: 'Twice' });
    assert.deepEqual(
      (again.body.rows as Row[]).map((row) => row.outcome),
      ['stale', 'stale', 'stale'],
    );
  });

  test('an ordinary user cannot undo a confirm (a correction): each row refused, nothing changed', async () => {
    const numbers = await drafts(2);
    const rows = undoRows(await ran(user, 'confirm', numbers));
    const before = await snapshot(s.ctx);
    for (const dryRun of [true, false]) {
      const r = await bulk(user, { action: 'undo', rows, dryRun, reason: 'Mine' });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        (r.body.rows as Row[]).map((row) => [row.outcome, row.needsReason]),
        [
          ['refused', false],
          ['refused', false],
        ],
      );
      assert.match((r.body.rows as Row[])[0]!.message!, /permission/);
    }
    assert.equal(await snapshot(s.ctx), before);
  });

  test('an undo of a delivery: waybills changed since (invoiced, corrected) are stale and stay so, the rest go back to confirmed; an invoiced one never does', async () => {
    const numbers = await drafts(3);
    await ran(user, 'confirm', numbers);
    const delivered = await ran(user, 'deliver', numbers);
    const rows = undoRows(delivered);
    // Since the delivery: the first is invoiced, the second returned to confirmed and delivered again by others.
    const invoice = await s.req('POST', '/api/invoices/', { token: user, body: { waybills: [numbers[0]] } });
    assert.equal(invoice.status, 201, invoice.text);
    const path = `/api/waybills/${numbers[1]}/`;
    assert.equal((await s.write('PATCH', path, { token: staff, body: { status: 'confirmed', reason: 'Check' } })).status, 200);
    assert.equal((await s.write('PATCH', path, { token: user, body: { status: 'delivered' } })).status, 200);

    const r = await bulk(staff, { action: 'undo', rows, dryRun: false, reason: 'Not unloaded yet' }, 'et');
    assert.equal(r.status, 200, r.text);
    const [invoiced, corrected, done] = r.body.rows as Row[];
    for (const stale of [invoiced!, corrected!]) {
      assert.equal(stale.outcome, 'stale');
      assert.match(stale.message!, /muutis seda kirjet/);
    }
    assert.deepEqual([done!.outcome, done!.from, done!.to], ['done', 'delivered', 'confirmed']);
    assert.deepEqual(
      [(await get(numbers[0]!)).status, (await get(numbers[1]!)).status, (await get(numbers[2]!)).status],
      ['invoiced', 'delivered', 'confirmed'],
    );
    // Asked again with the invoiced waybill's version as it is now: refused, as its single correction is.
    const again = await bulk(staff, {
      action: 'undo',
      rows: [{ ...rows[0], version: (await get(numbers[0]!)).version }],
      dryRun: false,
      reason: 'Not unloaded yet',
    });
    assert.equal((again.body.rows as Row[])[0]!.outcome, 'refused');
    assert.match((again.body.rows as Row[])[0]!.message!, /cannot go from "invoiced" to "confirmed"/);
    assert.equal((await get(numbers[0]!)).status, 'invoiced');
  });

  test('a cancel and a deletion have no undo: the cancelled waybill is refused, the deleted one missing', async () => {
    const [toCancel, toDelete] = await drafts(2);
    const cancelled = await ran(user, 'cancel', [toCancel!]);
    const deleted = await ran(user, 'delete', [toDelete!]);
    assert.equal(deleted[0]!.version, null);
    const r = await bulk(staff, {
      action: 'undo',
      rows: [...undoRows(cancelled), { number: toDelete, version: 1, status: 'draft' }],
      dryRun: false,
      reason: 'By mistake',
    });
    assert.deepEqual(
      (r.body.rows as Row[]).map((row) => row.outcome),
      ['refused', 'missing'],
    );
    assert.match((r.body.rows as Row[])[0]!.message!, /cannot go from "cancelled" to "draft"/);
    assert.equal((await get(toCancel!)).status, 'cancelled');
  });

  test('a dry run of a correction without a reason says the row needs one, still checking the rest (staff only)', async () => {
    const numbers = await drafts(1);
    await ran(user, 'confirm', numbers);
    await ran(user, 'deliver', numbers);
    const rows = await bulkRows(s, staff, numbers);
    const asStaff = await bulk(staff, { action: 'confirm', rows, dryRun: true });
    assert.deepEqual(
      (asStaff.body.rows as Row[]).map((row) => [row.outcome, row.needsReason]),
      [['done', true]],
    );
    const asUser = await bulk(user, { action: 'confirm', rows, dryRun: true });
    assert.deepEqual(
      (asUser.body.rows as Row[]).map((row) => [row.outcome, row.needsReason]),
      [['refused', false]],
    );
  });

  test('the shape of an undo: rows only, each with the status it goes back to; no other action takes one; each refusal changes nothing', async () => {
    const numbers = await drafts(1);
    const rows = undoRows(await ran(user, 'confirm', numbers));
    const before = await snapshot(s.ctx);
    const filters = await bulk(staff, { action: 'undo', filters: 'statusIn=confirmed', dryRun: true, reason: 'x' });
    assert.equal(filters.status, 400, filters.text);
    assert.match(filters.body.filters[0], /each with the status it goes back to/);
    const noStatus = await bulk(staff, { action: 'undo', rows: rows.map(({ number, version }) => ({ number, version })), dryRun: false });
    assert.equal(noStatus.status, 400, noStatus.text);
    assert.ok(noStatus.body.rows, noStatus.text);
    const withStatus = await bulk(staff, { action: 'cancel', rows, dryRun: false }, 'et');
    assert.equal(withStatus.status, 400, withStatus.text);
    assert.match(withStatus.body.rows[0], /ainult tagasivõtmine/);
    const badStatus = await bulk(staff, { action: 'undo', rows: [{ ...rows[0], status: 'lost' }], dryRun: false });
    assert.equal(badStatus.status, 400, badStatus.text);
    const unversioned = await bulk(staff, { action: 'undo', numbers, dryRun: false });
    assert.equal(unversioned.status, 428, unversioned.text);
    assert.equal(await snapshot(s.ctx), before);
  });
});
