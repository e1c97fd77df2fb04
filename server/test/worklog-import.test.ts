import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { DEMO_USERS, startServer, type TestServer } from './helpers.js';
import { csv, importCases, importPoster, type RowOver } from './import-cases.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('worklog-import', () => {
  let s: TestServer;
  let user: string;
  let warehouse: { id: number; name: string };
  let assortment: string;
  before(async () => {
    s = await startServer();
    user = await s.user();
    warehouse = (
      await sql<{
        id: number;
        name: string;
      }>`SELECT min(id) AS id, name FROM warehouses GROUP BY name HAVING count(*) = 1 ORDER BY name LIMIT 1`.execute(s.ctx.db)
    ).rows[0]!;
    assortment = (await sql<{ code: string }>`SELECT code FROM assortments ORDER BY code LIMIT 1`.execute(s.ctx.db)).rows[0]!.code;
  });
  after(async () => {
    await s.close();
  });

  const server = () => ({ s, user });
  const post = importPoster(server, '/api/worklogs');

  const EN = ['Time', 'Action', 'Warehouse', 'Worker', 'Assortment', 'Quantity', 'Waybill', 'Duration (min)', 'Notes'];
  const ET = ['Aeg', 'Toiming', 'Ladu', 'Töötaja', 'Sortiment', 'Kogus', 'Veoseleht', 'Kestus (min)', 'Märkused'];
  const row = (over: RowOver = {}) => {
    const v = {
      time: '2026-11-02 08:15:00',
      action: 'Loading',
      warehouse: warehouse.name,
      worker: 'Imported Worker',
      assortment,
      quantity: '12.5',
      waybill: '',
      duration: '30',
      notes: 'From the sheet',
      ...over,
    };
    return [v.time, v.action, v.warehouse, v.worker, v.assortment, v.quantity, v.waybill, v.duration, v.notes];
  };
  const all = 'timestamp,action,warehouse,workerName,assortment,quantity,waybill,durationMinutes,notes';
  const noWorker = () => csv([EN.filter((h) => h !== 'Worker'), row().slice(0, 3)]);

  describe('worklog import', () => {
    importCases({
      name: 'worklog',
      path: '/api/worklogs',
      table: 'worklogs',
      server,
      EN,
      ET,
      row,
      number: /^L-\d{4}-\d{6}$/,
      lenient: { action: 'arrival' },
      dialect: {
        title: 'day-first times, Estonian headings and actions, no BOM',
        rows: () => [
          row({ time: '02.11.2026 08:15', quantity: '12,500', action: 'Laadimine' }),
          row({ time: '3/11/2026 17:00:05', quantity: '1,5' }),
        ],
      },
      problems: {
        rows: () => [
          row({ time: '2026-02-30 08:00', duration: 'long' }),
          row({ warehouse: 'Nowhere Yard', quantity: '0' }),
          row({ worker: '', action: 'napping', waybill: 'W-1999-000001' }),
          row({ notes: '=HYPERLINK("http://x")', assortment: 'NO-SUCH' }),
        ],
        fields: {
          4: ['timestamp', 'durationMinutes'],
          5: ['warehouse', 'quantity'],
          6: ['action', 'workerName', 'waybill'],
          7: ['notes', 'assortment'],
        },
        message: { field: 'warehouse', match: /Ladu nimega "Nowhere Yard"/ },
      },
      realRun: {
        file: 'shifts-2026-11.csv',
        rows: () => [
          row({ worker: 'Sheet Worker One' }),
          row({ worker: 'Sheet Worker One', time: '2026-07-01 08:15', action: 'Departure' }),
        ],
        check: async (w) => {
          assert.equal(w.action, 'departure');
          assert.equal(w.warehouse, warehouse.id);
          assert.equal(w.quantity, '12.500');
          // The export's wall-clock time, in its time zone (Europe/Tallinn: summer time).
          assert.equal(w.timestamp, '2026-07-01T05:15:00.000Z');
          assert.equal(w.createdBy, 'user@timberlog.ee');
          assert.equal(w.createdByName, DEMO_USERS.user.name);
          const worker = await s.req('GET', `/api/workers/detail/${encodeURIComponent('Sheet Worker One')}/`, { token: user });
          assert.equal(worker.body.worklogCount, 2);
        },
      },
      boom: { column: 'notes', over: { notes: 'Boom' } },
      xlsx: {
        title: 'dates with times, numbers and text cells',
        sheet: 'Shifts',
        rows: () => [
          [new Date(Date.UTC(2026, 10, 2, 8, 15)), 'Sorting', warehouse.name, 'Xlsx Worker', assortment, 25.5, '', 45, ''],
          ['2026-11-03 09:00', 'sorting', String(warehouse.id), 'Xlsx Worker', '', '', '', { formula: '20+25', result: 45 }, ''],
        ],
        formula: 'durationMinutes',
        templates: [
          ['csv', 'et'],
          ['xlsx', 'en'],
        ],
        fileStem: { en: 'worklogs-import', et: 'tookanded-import' },
        templateEt: ET,
      },
      exportUrl: () => `/api/worklogs/worklog_report/?warehouse=${warehouse.id}`,
      batchRow: (i) => row({ worker: `Batch Worker ${i % 7}` }),
      columns: {
        headings: ['When', 'Did', 'Where', 'Who', 'Sort', 'Tm', 'Trip', 'Minutes', 'Else'],
        param: 'timestamp,action,warehouse,workerName,assortment,quantity,waybill,durationMinutes',
        rows: () => [row(), row({ duration: 'long' })],
        invalid: 'durationMinutes',
        xlsxRow: () => [
          new Date(Date.UTC(2026, 10, 2, 8, 15)),
          'Loading',
          warehouse.name,
          'Xlsx Worker',
          assortment,
          12.5,
          '',
          30,
          'skipped',
        ],
        xlsxFile: 'shifts.xlsx',
        check: (created) => {
          assert.equal(created.workerName, 'Xlsx Worker');
          assert.equal(created.notes ?? '', '');
        },
      },
      badColumns: {
        all,
        cases: [
          ['an unknown field', all.replace('notes', 'origin'), 'en', /No field is named "origin"/],
          ['a field twice', all.replace('notes', 'action'), 'et', /Väli "action" on antud kahele veerule/],
          ['a field past the last column', `${all},,,notes`.replace(',notes,', ',,'), 'en', /The file has 9 columns/],
        ],
        missing: { field: 'workerName', locale: 'en', message: /no column "Worker"/ },
      },
      fuzz: {
        cases: () => [
          ['a waybill file', 'Transport date,Origin,Destination\n2026-11-02,A,B\n', 'text/csv', 400, 'file'],
          ['no worker column', noWorker(), 'text/csv', 400, 'file'],
        ],
        unclosedFirstCell: '2026-11-02 08:00',
        after: async (post) => {
          const missing = await post(noWorker(), 'text/csv', 'dryRun=true', { 'accept-language': 'et' });
          assert.match(missing.body.file[0], /Failis ei ole veergu "Töötaja"/);
        },
      },
    });

    test('roles: as creating a worklog, any signed-in user (staff too); nobody anonymous', async () => {
      const staff = await s.staff();
      const asStaff = await post(csv([EN, row()]), 'text/csv', 'dryRun=true', {}, staff);
      assert.equal(asStaff.status, 200, asStaff.text);
      const anonymous = await post(csv([EN, row()]), 'text/csv', 'dryRun=true', {}, '');
      assert.equal(anonymous.status, 401);
      const template = await fetch(`${s.url}/api/worklogs/import/template/?format=csv`);
      assert.equal(template.status, 401);
    });
  });
});
