import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { IMPORT, WAYBILL_IMPORT_COLUMNS, translate } from '@timberlog/contract';
import { startServer, waybillInput, type TestServer } from './helpers.js';
import { csv, importCases, importPoster, type RowOver } from './import-cases.js';

// Its own scope: the servers its hooks start are closed when its tests end, whatever else shares the process (test/run.ts).
describe('import', () => {
  let s: TestServer;
  let user: string;
  let input: Record<string, unknown>;
  before(async () => {
    s = await startServer();
    user = await s.user();
    input = await waybillInput(s);
  });
  after(async () => {
    await s.close();
  });

  const EN = ['Transport date', 'Origin', 'Destination', 'Driver', 'Vehicle', 'Mileage (km)', 'Assortment', 'Quantity', 'Notes'];
  const ET = ['Veo kuupäev', 'Lähtekoht', 'Sihtkoht', 'Juht', 'Sõiduk', 'Läbisõit (km)', 'Sortiment', 'Kogus', 'Märkused'];
  const row = (over: RowOver = {}) => {
    const v = {
      date: '2026-11-02',
      origin: String(input.origin),
      destination: String(input.destination),
      driver: 'Mati Maa',
      vehicle: '555 XYZ',
      mileage: '120',
      assortment: String(input.assortment),
      quantity: '25.5',
      notes: 'From the sheet',
      ...over,
    };
    return [v.date, v.origin, v.destination, v.driver, v.vehicle, v.mileage, v.assortment, v.quantity, v.notes];
  };
  const columns = 'transportDate,origin,destination,driverName,vehicleNumber,mileage,assortment,quantity,,';
  const all = 'transportDate,origin,destination,driverName,vehicleNumber,mileage,assortment,quantity,notes';

  describe('waybill import', () => {
    importCases({
      name: 'waybill',
      path: '/api/waybills',
      table: 'waybills',
      server: () => ({ s, user }),
      EN,
      ET,
      row,
      number: /^W-\d{4}-\d{6}$/,
      dialect: {
        title: 'day-first dates, Estonian headings and no BOM',
        rows: () => [row({ date: '02.11.2026', quantity: '25,500' }), row({ date: '3/11/2026', quantity: '1,5' })],
      },
      problems: {
        rows: () => [
          row({ date: '2026-02-30', mileage: 'far' }),
          row({ origin: 'NOWHERE', quantity: '250' }),
          row({ driver: '', quantity: '1.2345' }),
          row({ notes: '=HYPERLINK("http://x")' }),
        ],
        fields: { 4: ['transportDate', 'mileage'], 5: ['origin', 'quantity'], 6: ['driverName', 'quantity'], 7: ['notes'] },
        message: { field: 'origin', match: /NOWHERE/ },
      },
      realRun: {
        file: 'trips-2026-11.csv',
        rows: () => [row(), row({ driver: 'Second Driver' })],
        check: (w) => {
          assert.equal(w.status, 'draft');
          assert.equal(w.driverName, 'Second Driver');
          assert.equal(w.quantity, '25.500');
        },
      },
      boom: { column: 'driver_name', over: { driver: 'Boom' } },
      xlsx: {
        title: 'numbers, dates and text cells',
        sheet: 'Trips',
        rows: () => [
          [new Date(Date.UTC(2026, 10, 2)), input.origin, input.destination, 'Xlsx Driver', '1 ABC', 120, input.assortment, 25.5, ''],
          [
            '2026-11-03',
            input.origin,
            input.destination,
            'Xlsx Driver',
            '1 ABC',
            { formula: '100+20', result: 120 },
            input.assortment,
            12,
            '',
          ],
        ],
        formula: 'mileage',
        templates: [
          ['csv', 'et'],
          ['xlsx', 'et'],
        ],
        fileStem: { en: 'waybills-import', et: 'veoselehed-import' },
        // The EVR columns after them, by their Estonian report headings.
        templateEt: [
          ...ET.slice(0, 3),
          'Saaja ettevõte',
          ...ET.slice(3),
          ...WAYBILL_IMPORT_COLUMNS.slice(10).map((column) => translate('et', column.header)),
        ],
      },
      exportUrl: () => `/api/waybills/waybill_report/?status=draft&origin=${encodeURIComponent(String(input.origin))}`,
      batchRow: (i) => row({ driver: `Batch ${i}` }),
      columns: {
        headings: ['Päev', 'Kust', 'Kuhu', 'Autojuht', 'Auto', 'Km', 'Sort', 'Tm', 'Muu', 'Extra'],
        param: columns,
        rows: () => [
          [...row(), 'x'],
          [...row({ quantity: 'lots' }), 'y'],
        ],
        invalid: 'quantity',
        unmapped: /no column "Transport date"/,
        // Headings a known one names are read past too: the fields are the parameter's alone (notes is not read).
        swapped: { param: columns.replace('vehicleNumber', 'notes'), message: /no column "Vehicle"/ },
        xlsxRow: () => [
          new Date(Date.UTC(2026, 10, 2)),
          input.origin,
          input.destination,
          'Xlsx Driver',
          '1 ABC',
          120,
          input.assortment,
          25.5,
        ],
        xlsxFile: 'trips.xlsx',
        check: (created) => {
          assert.equal(created.transportDate, '2026-11-02');
          assert.equal(created.driverName, 'Xlsx Driver');
        },
      },
      badColumns: {
        all,
        cases: [
          ['an unknown field', all.replace('notes', 'colour'), 'en', /No field is named "colour"/],
          ['an unknown field, in Estonian', all.replace('notes', 'colour'), 'et', /Välja nimega "colour" ei ole/],
          ['a field twice', all.replace('notes', 'origin'), 'en', /"origin" is given to two columns/],
          ['a field past the last column', `${all.replace(',quantity', ',')},,quantity`, 'en', /The file has 9 columns/],
          ['a field past the last column, in Estonian', `${all},origin`.replace(',origin,', ',,'), 'et', /Failis on 9 veergu/],
        ],
        missing: { field: 'driverName', locale: 'et', message: /Failis ei ole veergu "Juht"/ },
      },
      fuzz: {
        cases: () => [
          ['headings of another file', 'name,email\nx,y\n', 'text/csv', 400, 'file'],
          ['a million rows', `${EN.join(',')}\n${'a\n'.repeat(1_000_000)}`, 'text/csv', 400, 'file'],
          [`${IMPORT.maxRows + 1} rows`, csv([EN, ...Array.from({ length: IMPORT.maxRows + 1 }, () => row())]), 'text/csv', 400, 'file'],
        ],
        unclosedFirstCell: '2026-11-02',
      },
    });
  });

  describe('names for codes', () => {
    const post = importPoster(() => ({ s, user }), '/api/waybills');
    test('places, the company and the assortment may be given by name (any case); a name two records share is refused, naming both', async () => {
      const warehouse = await s.ctx.db
        .selectFrom('warehouses')
        .select(['name', 'originCode'])
        .where('originCode', '=', String(input.origin))
        .executeTakeFirstOrThrow();
      const destination = await s.ctx.db
        .selectFrom('warehouses')
        .select(['name', 'company'])
        .where('destinationCode', '=', String(input.destination))
        .executeTakeFirstOrThrow();
      const company = await s.ctx.db
        .selectFrom('companies')
        .select('name')
        .where('registryCode', '=', destination.company)
        .executeTakeFirstOrThrow();
      const assortment = await s.ctx.db
        .selectFrom('assortments')
        .select('name')
        .where('code', '=', String(input.assortment))
        .executeTakeFirstOrThrow();
      const header = [...EN.slice(0, 3), 'Destination company', ...EN.slice(3)];
      const named = row({ origin: warehouse.name.toUpperCase(), destination: ` ${destination.name} `, assortment: assortment.name });
      const file = csv([header, [...named.slice(0, 3), company.name, ...named.slice(3)]]);
      const r = await post(file, 'text/csv', 'dryRun=false&filename=names.csv');
      assert.equal(r.status, 201, r.text);
      const made = (await s.req('GET', `/api/waybills/${r.body.numbers[0]}/`, { token: user })).body;
      assert.equal(made.origin, input.origin);
      assert.equal(made.destination, input.destination);
      assert.equal(made.destinationCompany, destination.company);
      assert.equal(made.assortment, input.assortment);

      // A second origin of the same name: the name no longer says which.
      await s.ctx.db
        .insertInto('warehouses')
        .values({ name: warehouse.name, company: destination.company, originCode: 'TWIN-ORIGIN' } as never)
        .execute();
      const twice = await post(csv([EN, row({ origin: warehouse.name })]), 'text/csv', 'dryRun=true');
      assert.equal(twice.status, 200, twice.text);
      const errors = twice.body.errors as { field: string; message: string }[];
      assert.deepEqual(
        errors.map((e) => e.field),
        ['origin'],
      );
      assert.match(
        errors[0]!.message,
        new RegExp(
          `Several are named "${warehouse.name}": .*\\(${warehouse.originCode}\\).*\\(TWIN-ORIGIN\\)|\\(TWIN-ORIGIN\\).*\\(${warehouse.originCode}\\)`,
        ),
      );
      // The code still says it.
      assert.equal((await post(csv([EN, row()]), 'text/csv', 'dryRun=true')).body.invalid, 0);
    });
  });
});
