/**
 * Parity of the work-at-volume endpoints: saved views, list totals, bulk actions and imports. The
 * same requests, in order, to the real server (its demo data) and to the MSW handlers (the same
 * demo data), answered alike: status and body (but for each side's own clock).
 */
import { DOCUMENT_NUMBER, WAYBILL_STATUSES, documentNumber } from '@timberlog/contract';
import { createDemoData } from '@timberlog/contract/demo-data';

import { resetMockSavedViews } from '@/entities/saved-view/index.mocks';
import { resetMockDb } from '@/shared/mock-db';

import { askBoth, isVersionedWrite, rowsRead, setUpParityServer, versionRead, withoutTime, type Who } from './server';

interface Case {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** A body sent as it is (a file), with its type. */
  file?: { text: string; type: string };
  as?: Who;
  locale?: 'en' | 'et';
  headers?: Record<string, string>;
  /** The server's status, so a case proves what it names (not two alike refusals). */
  status?: number;
  /** A bulk action's picked waybills: sent as `rows`, each with the version the server has now (as the list showed it). */
  picked?: (string | undefined)[];
  /** An undo's picked rows: each goes back to this status. */
  back?: string;
  /** A write sent without the version read (else one is read first, as the web app sends it). */
  noVersion?: boolean;
  /** A history page: its entries compared whole, but for their ids and times (each side's own). */
  history?: boolean;
}

const demo = createDemoData();
const used = new Set<string>();
const ofStatus = (status: string, n = 1): string[] => {
  const found = demo.waybills.filter((w) => w.status === status && !used.has(w.number)).slice(0, n);
  if (found.length < n) throw new Error(`the demo data has no more ${status} waybills`);
  for (const w of found) used.add(w.number);
  return found.map((w) => w.number);
};

function savedViewCases(): Case[] {
  const v = '/api/saved-views/';
  return [
    { name: 'saved views: none yet', status: 200, path: v, as: 'user' },
    {
      name: 'saved views: created with a query the codec rewrites',
      status: 201,
      method: 'POST',
      path: v,
      as: 'user',
      body: { list: 'waybills', name: ' Paide this week ', query: '?statusIn=confirmed,delivered&sort=-transportDate&pageNumber=3' },
    },
    {
      name: 'saved views: a shared one with columns and density',
      status: 201,
      method: 'POST',
      path: v,
      as: 'user',
      body: {
        list: 'waybills',
        name: 'Team',
        shared: true,
        columns: ['number', 'status', 'quantity'],
        density: 'compact',
        isDefault: true,
      },
    },
    { name: 'saved views: a staff private one', method: 'POST', path: v, body: { list: 'waybills', name: 'Mine', query: 'origin=X' } },
    {
      name: 'saved views: an unknown parameter',
      method: 'POST',
      path: v,
      as: 'user',
      body: { list: 'waybills', name: 'x', query: 'colour=red' },
    },
    {
      name: 'saved views: a value the list refuses, in Estonian',
      method: 'POST',
      path: v,
      as: 'user',
      locale: 'et',
      body: { list: 'invoices', name: 'x', query: 'statusIn=bogus' },
    },
    {
      name: "saved views: another list's column",
      method: 'POST',
      path: v,
      as: 'user',
      body: { list: 'invoices', name: 'x', columns: ['driverName'] },
    },
    {
      name: 'saved views: a column twice',
      method: 'POST',
      path: v,
      as: 'user',
      body: { list: 'invoices', name: 'x', columns: ['number', 'number'] },
    },
    { name: 'saved views: a blank name', method: 'POST', path: v, as: 'user', body: { list: 'users', name: '   ' } },
    { name: 'saved views: a name taken', method: 'POST', path: v, as: 'user', body: { list: 'waybills', name: 'TEAM' } },
    { name: 'saved views: an unknown list', method: 'POST', path: v, as: 'user', body: { list: 'exports', name: 'x' } },
    { name: "saved views: the user's and the shared", path: `${v}?list=waybills`, as: 'user' },
    { name: 'saved views: staff see theirs and the shared', path: `${v}?list=waybills` },
    { name: 'saved views: a list filter that is no list', path: `${v}?list=nothing` },
    { name: "saved views: another's private one is not found", path: `${v}3/`, as: 'user' },
    { name: "saved views: another's shared one is read", path: `${v}2/` },
    { name: "saved views: another's shared one is not changed", method: 'PATCH', path: `${v}2/`, body: { name: 'Taken' } },
    {
      name: 'saved views: a new default unsets the old one',
      status: 200,
      method: 'PATCH',
      path: `${v}1/`,
      as: 'user',
      body: { isDefault: true },
    },
    { name: 'saved views: the old default, after', path: `${v}2/`, as: 'user' },
    {
      name: 'saved views: a stale If-Match',
      status: 412,
      method: 'PATCH',
      path: `${v}1/`,
      as: 'user',
      body: { name: 'x' },
      headers: { 'if-match': '"1"' },
    },
    {
      name: 'saved views: a change without If-Match',
      status: 428,
      method: 'PATCH',
      path: `${v}1/`,
      as: 'user',
      body: { name: 'y' },
      noVersion: true,
    },
    { name: 'saved views: a bad query in a change', method: 'PATCH', path: `${v}1/`, as: 'user', body: { query: 'mileageMin=-3' } },
    { name: 'saved views: an ordinary user cannot delete a staff view', method: 'DELETE', path: `${v}3/`, as: 'user' },
    { name: 'saved views: staff delete a shared view', status: 204, method: 'DELETE', path: `${v}2/` },
    { name: 'saved views: gone', path: `${v}2/`, as: 'user' },
  ];
}

function totalsCases(): Case[] {
  const origin = demo.warehouses.find((w) => w.originCode)?.originCode ?? '';
  return [
    { name: 'totals: every waybill', status: 200, path: '/api/waybills/totals/' },
    { name: 'totals: waybills of two statuses', path: '/api/waybills/totals/?statusIn=draft,confirmed&pageSize=10&sort=-number' },
    { name: 'totals: waybills from an origin', path: `/api/waybills/totals/?origin=${encodeURIComponent(origin)}` },
    { name: 'totals: waybills matching a search', status: 200, path: '/api/waybills/totals/?search=ka' },
    { name: 'totals: a bad waybill filter', path: '/api/waybills/totals/?statusIn=bogus', locale: 'et' },
    { name: 'totals: worklogs', status: 200, path: '/api/worklogs/totals/?actionIn=loading,unloading' },
    { name: 'totals: invoices', status: 200, path: '/api/invoices/totals/' },
    { name: 'totals: failed invoices', path: '/api/invoices/totals/?status=sync_failed' },
  ];
}

function bulkCases(): Case[] {
  const b = '/api/waybills/bulk/';
  const drafts = ofStatus('draft', 3);
  const [confirmed] = ofStatus('confirmed');
  const [delivered] = ofStatus('delivered');
  const [cancelled] = ofStatus('cancelled');
  const deletable = ofStatus('draft', 1);
  const [fresh] = ofStatus('draft');
  return [
    {
      name: 'bulk: a dry run of mixed rows',
      status: 200,
      method: 'POST',
      path: b,
      as: 'user',
      picked: [...drafts, confirmed, delivered, cancelled, 'W-1999-999999'],
      body: { action: 'confirm', dryRun: true },
    },
    {
      name: 'bulk: the same in Estonian',
      method: 'POST',
      path: b,
      as: 'user',
      locale: 'et',
      picked: [delivered, cancelled],
      body: { action: 'confirm', dryRun: true },
    },
    {
      name: 'bulk: confirmed for real',
      status: 200,
      method: 'POST',
      path: b,
      as: 'user',
      picked: drafts,
      body: { action: 'confirm', dryRun: false, reason: 'Morning' },
    },
    {
      name: "bulk: a confirmed waybill's history says bulk, with the reason",
      path: `/api/waybills/${drafts[0]}/history/`,
      history: true,
      status: 200,
    },
    {
      name: 'bulk: delivered, one refused',
      status: 200,
      method: 'POST',
      path: b,
      as: 'user',
      picked: [...drafts, cancelled],
      body: { action: 'deliver', dryRun: false },
    },
    {
      name: 'bulk: a correction by staff without a reason',
      method: 'POST',
      path: b,
      picked: [delivered],
      body: { action: 'confirm', dryRun: false },
    },
    {
      name: 'bulk: a correction by staff',
      status: 200,
      method: 'POST',
      path: b,
      picked: [delivered],
      body: { action: 'confirm', dryRun: false, reason: 'Wrong truck' },
    },
    {
      name: 'bulk: delete a draft and a confirmed one',
      method: 'POST',
      path: b,
      as: 'user',
      picked: [...deletable, confirmed],
      body: { action: 'delete', dryRun: false },
    },
    { name: "bulk: a deleted waybill's history", path: `/api/waybills/${deletable[0]}/history/`, history: true, status: 200 },
    {
      name: 'bulk: by the list filters',
      status: 200,
      method: 'POST',
      path: b,
      as: 'user',
      body: { action: 'cancel', filters: 'statusIn=confirmed&search=ka', dryRun: true },
    },
    {
      name: 'bulk: a filter the list does not take',
      method: 'POST',
      path: b,
      as: 'user',
      body: { action: 'cancel', filters: 'colour=red', dryRun: true },
    },
    {
      name: 'bulk: numbers and filters',
      method: 'POST',
      path: b,
      as: 'user',
      picked: drafts,
      body: { action: 'cancel', filters: '', dryRun: true },
    },
    { name: 'bulk: neither', method: 'POST', path: b, as: 'user', body: { action: 'cancel', dryRun: true } },
    { name: 'bulk: an unknown action', method: 'POST', path: b, as: 'user', picked: drafts, body: { action: 'invoice', dryRun: true } },
    {
      name: 'bulk: numbers without the versions read',
      status: 428,
      method: 'POST',
      path: b,
      as: 'user',
      body: { action: 'cancel', numbers: drafts, dryRun: false },
    },
    {
      name: 'bulk: numbers without the versions read, in Estonian',
      status: 428,
      method: 'POST',
      path: b,
      as: 'user',
      locale: 'et',
      body: { action: 'cancel', numbers: drafts, dryRun: true },
    },
    {
      name: 'bulk: a row changed since the version given is stale, the others done',
      status: 200,
      method: 'POST',
      path: b,
      as: 'user',
      body: {
        action: 'cancel',
        rows: [
          // Changed twice by the bulk actions above: version 1 is what a list read before them showed.
          { number: drafts[0], version: 1 },
          { number: fresh, version: 1 },
        ],
        dryRun: false,
      },
    },
    { name: 'bulk: the stale row is left as it was', path: `/api/waybills/?number=${drafts[0]}&number=${fresh}&sort=number` },
    { name: 'bulk: waybills afterwards', path: `/api/waybills/?number=${drafts.join('&number=')}&sort=number` },
  ];
}

/** Undoing a bulk action: each row back to the status it came from, by the rules, with its version. */
function undoCases(): Case[] {
  const b = '/api/waybills/bulk/';
  const taken = ofStatus('draft', 2);
  const [cancelled] = ofStatus('cancelled');
  const undo = (name: string, extra: Partial<Case>): Case => ({ name: `bulk undo: ${name}`, method: 'POST', path: b, ...extra });
  return [
    undo('two drafts confirmed first', { status: 200, as: 'user', picked: taken, body: { action: 'confirm', dryRun: false } }),
    undo('its preview by staff: each row needs a reason', {
      status: 200,
      picked: taken,
      back: 'draft',
      body: { action: 'undo', dryRun: true },
    }),
    undo('by an ordinary user, refused', {
      as: 'user',
      picked: taken,
      back: 'draft',
      body: { action: 'undo', dryRun: false, reason: 'Mine' },
    }),
    undo('by staff without a reason, refused', { picked: taken, back: 'draft', body: { action: 'undo', dryRun: false } }),
    undo('by staff with a reason, in Estonian', {
      status: 200,
      picked: taken,
      back: 'draft',
      locale: 'et',
      body: { action: 'undo', dryRun: false, reason: 'Vale veok' },
    }),
    { name: "bulk undo: the waybill's history", path: `/api/waybills/${taken[0]}/history/`, history: true, status: 200 },
    undo('the same rows again are stale', {
      body: {
        action: 'undo',
        rows: taken.map((number) => ({ number, version: 2, status: 'draft' })),
        dryRun: false,
        reason: 'Twice',
      },
    }),
    undo('a cancelled waybill does not come back', {
      picked: [cancelled],
      back: 'confirmed',
      body: { action: 'undo', dryRun: false, reason: 'By mistake' },
    }),
    undo('by the list filters, refused', { status: 400, body: { action: 'undo', filters: 'statusIn=draft', dryRun: true, reason: 'x' } }),
    undo('a row without its status', { status: 400, picked: taken, body: { action: 'undo', dryRun: true } }),
    undo('a status with another action, in Estonian', {
      status: 400,
      picked: taken,
      back: 'draft',
      locale: 'et',
      body: { action: 'cancel', dryRun: true },
    }),
    undo('a status no waybill has', { status: 400, picked: taken, back: 'lost', body: { action: 'undo', dryRun: true } }),
    { name: 'bulk undo: the waybills afterwards', path: `/api/waybills/?number=${taken.join('&number=')}&sort=number` },
  ];
}

/** The answers to a bad `columns` parameter (`all` names every field once, in the order of `file`'s columns). */
function columnsCases(name: string, path: string, all: string, file: Case['file']): Case[] {
  const fields = all.split(',');
  const post = (what: string, columns: string, status: number, locale?: 'et'): Case => ({
    name: `${name}: columns ${what}`,
    status,
    method: 'POST',
    path: `${path}?dryRun=true&columns=${encodeURIComponent(columns)}`,
    as: 'user',
    ...(locale ? { locale } : {}),
    file,
  });
  return [
    post('naming no field, in Estonian', `${all},colour`, 400, 'et'),
    post('naming a field twice', `${fields[1]},${all}`, 400),
    post('giving a field to a column past the last', `${fields.slice(0, -1).join(',')},,${fields.at(-1)}`, 400),
    post('with empty entries past the last column', `${all},,,`, 200),
    post('leaving a required field out, in Estonian', `,${fields.slice(1).join(',')}`, 400, 'et'),
    post('too long', 'x'.repeat(3000), 400),
  ];
}

const csv = (lines: string[]) => ({ text: `\ufeff${lines.join('\r\n')}\r\n`, type: 'text/csv' });

/** One record's CSV import: the files and names its cases differ by. */
interface ImportSpec {
  /** What its cases' names start with. */
  name: string;
  /** The record, as in its path: `/api/${record}s/`. */
  record: 'waybill' | 'worklog';
  head: string;
  /** A row with every column, that any run takes. */
  good: string;
  /** Every field once, in the order of `head`'s columns. */
  fields: string;
  /** Rows with problems (after a good row and a blank one), each reported by its spreadsheet row. */
  problems: string[];
  /** A file written another way (semicolons, day-first dates), and what the case is named for. */
  otherSpelling: { what: string; lines: string[] };
  /** A row that makes a real run refuse the file, and what the case is named for. */
  refused: { what: string; row: string };
  /** The file's name in the real run. */
  filename: string;
  /** The number the real run's first record gets. */
  first: string;
  /** A file with a required column missing. */
  missing: string[];
  /** `columns` naming the fields of a file with headings of its own, and what the case is named for. */
  ownHeadings: { what: string; columns: string; lines: string[]; locale?: 'et' };
  /** Whether the first created record is read whole (not for waybills: the mocks' imported waybill differs, see below). */
  readsCreated: boolean;
}

/** The cases every record's import is checked by, in order: dry runs, the real run and what it created, refusals, the template. */
function importCases(spec: ImportSpec): Case[] {
  const { name, head, good } = spec;
  const i = `/api/${spec.record}s/import/`;
  return [
    {
      name: `${name}: a dry run of good rows`,
      status: 200,
      method: 'POST',
      path: `${i}?dryRun=true`,
      as: 'user',
      file: csv([head, good, good]),
    },
    {
      name: `${name}: rows with problems, by spreadsheet row, in Estonian`,
      status: 200,
      method: 'POST',
      path: `${i}?dryRun=true`,
      as: 'user',
      locale: 'et',
      file: csv([head, good, '', ...spec.problems]),
    },
    {
      name: `${name}: ${spec.otherSpelling.what}`,
      status: 200,
      method: 'POST',
      path: `${i}?dryRun=true`,
      as: 'user',
      file: csv(spec.otherSpelling.lines),
    },
    {
      name: `${name}: a real run refused for ${spec.refused.what}`,
      status: 400,
      method: 'POST',
      path: `${i}?dryRun=false`,
      as: 'user',
      file: csv([head, good, spec.refused.row]),
    },
    {
      name: `${name}: a real run`,
      status: 201,
      method: 'POST',
      path: `${i}?dryRun=false&filename=${spec.filename}`,
      as: 'user',
      file: csv([head, good, good]),
    },
    ...(spec.readsCreated ? [{ name: `${name}: a created ${spec.record}`, path: `/api/${spec.record}s/${spec.first}/`, status: 200 }] : []),
    {
      name: `${name}: a created ${spec.record}'s history says import and names the file`,
      path: `/api/${spec.record}s/${spec.first}/history/`,
      history: true,
      status: 200,
    },
    { name: `${name}: an empty file`, method: 'POST', path: `${i}?dryRun=true`, as: 'user', file: { text: '', type: 'text/csv' } },
    { name: `${name}: headings only`, method: 'POST', path: `${i}?dryRun=true`, as: 'user', file: csv([head]) },
    { name: `${name}: a column missing`, method: 'POST', path: `${i}?dryRun=true`, as: 'user', locale: 'et', file: csv(spec.missing) },
    ...columnsCases(name, i, spec.fields, csv([head, good])),
    {
      name: `${name}: columns for headings of its own${spec.ownHeadings.what}`,
      status: 200,
      method: 'POST',
      path: `${i}?dryRun=true&columns=${encodeURIComponent(spec.ownHeadings.columns)}`,
      as: 'user',
      ...(spec.ownHeadings.locale ? { locale: spec.ownHeadings.locale } : {}),
      file: csv(spec.ownHeadings.lines),
    },
    { name: `${name}: no dryRun`, method: 'POST', path: i, as: 'user', file: csv([head, good]) },
    { name: `${name}: the template in Estonian`, status: 200, path: `${i}template/?format=csv`, locale: 'et' },
    { name: `${name}: a template of no format`, path: `${i}template/?format=pdf` },
  ];
}

function waybillImport(): ImportSpec {
  const origin = demo.warehouses.find((w) => w.originCode)?.originCode ?? '';
  const destination = demo.warehouses.find((w) => w.destinationCode)?.destinationCode ?? '';
  // Clerks may type names instead of codes (the contract's import-names.ts).
  const originName = demo.warehouses.find((w) => w.originCode === origin)!.name;
  const destinationName = demo.warehouses.find((w) => w.destinationCode === destination)!.name;
  const assortmentName = demo.assortments.find((a) => a.code === 'KU-PP')!.name;
  const head = 'Transport date,Origin,Destination,Driver,Vehicle,Mileage (km),Assortment,Quantity,Notes';
  const good = `2026-11-02,${origin},${destination},Mati Maa,555 XYZ,120,KU-PP,"25,5",From the sheet`;
  return {
    name: 'import',
    record: 'waybill',
    head,
    good,
    fields: 'transportDate,origin,destination,driverName,vehicleNumber,mileage,assortment,quantity,notes',
    problems: [`2026-02-30,${origin},${destination},X,Y,far,KU-PP,1,`, `2026-11-02,NOWHERE,${destination},,Y,1,NONE,1.2345,=A1`],
    otherSpelling: {
      what: 'semicolons, day-first dates, and places and the assortment by name',
      lines: [
        head.replace(/,/g, ';'),
        `02.11.2026;${originName.toUpperCase()};${destinationName};Mati Maa;555 XYZ;120;${assortmentName};25,5;`,
      ],
    },
    refused: { what: 'one row', row: `x,${origin},${destination},X,Y,1,KU-PP,1,` },
    filename: 'trips.csv',
    first: documentNumber(DOCUMENT_NUMBER.waybillPrefix, new Date().getUTCFullYear(), demo.sequences.waybill + 1),
    missing: ['Origin,Destination', 'a,b'],
    ownHeadings: {
      what: ', the last read past',
      columns: 'transportDate,origin,destination,driverName,vehicleNumber,mileage,assortment,quantity,,',
      lines: ['Päev,Kust,Kuhu,Autojuht,Auto,Km,Sort,Tm,Muu', good, `x,${origin},${destination},X,Y,1,KU-PP,1,`],
    },
    readsCreated: true,
  };
}

function worklogImport(): ImportSpec {
  const warehouse = demo.warehouses.find((w) => demo.warehouses.filter((other) => other.name === w.name).length === 1)!;
  const waybill = demo.waybills[0]!.number;
  const head = 'Time,Action,Warehouse,Worker,Assortment,Quantity,Waybill,Duration (min),Notes';
  const good = `2026-11-02 08:15:00,Loading,${warehouse.name},Mari Maa,KU-PP,"12,5",${waybill},30,From the sheet`;
  return {
    name: 'worklog import',
    record: 'worklog',
    head,
    good,
    fields: 'timestamp,action,warehouse,workerName,assortment,quantity,waybill,durationMinutes,notes',
    problems: [
      `2026-02-30 08:00,napping,Nowhere Yard,X,KU-PP,0,,long,`,
      `31.12.2026 25:00,Saabumine,${warehouse.id},,NONE,1.2345,W-1999-000001,2000,=A1`,
    ],
    otherSpelling: {
      what: 'semicolons, Estonian headings and actions, day-first times',
      lines: ['Aeg;Toiming;Ladu;Töötaja;Kestus (min)', `02.11.2026 08:15;Mõõtmine;${warehouse.name};Mari Maa;15`],
    },
    refused: { what: 'its last row', row: `x,Loading,${warehouse.name},X,,,,1,` },
    filename: 'shifts.csv',
    first: documentNumber(DOCUMENT_NUMBER.worklogPrefix, new Date().getUTCFullYear(), demo.sequences.worklog + 1),
    missing: ['Time,Action,Warehouse', 'a,b,c'],
    ownHeadings: {
      what: '',
      columns: 'timestamp,action,warehouse,workerName,,quantity,,durationMinutes',
      lines: ['When,Did,Where,Who,Sort,Tm,Trip,Minutes', good.split(',"12,5"').join(',12.5'), `x,Loading,${warehouse.name},Mari,,1,,long`],
      locale: 'et',
    },
    readsCreated: true,
  };
}

const CASES: Case[] = [
  ...savedViewCases(),
  ...totalsCases(),
  ...bulkCases(),
  ...undoCases(),
  ...importCases(waybillImport()),
  ...importCases(worklogImport()),
];
const CLOCK_FIELDS = new Set(['createdAt', 'lastModifiedAt', 'finishedAt']);

const withoutClocks = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutClocks);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => !CLOCK_FIELDS.has(name))
        .map(([name, item]) => [name, withoutClocks(item)]),
    );
  return value;
};

async function summarise(response: Response, testCase: Case): Promise<unknown> {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return { status: response.status, type: type.split(';')[0], text };
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  if (response.status === 412 && body)
    return {
      status: 412,
      body: {
        detail: withoutTime(String(body.detail)),
        current: withoutClocks(body.current),
      },
    };
  // Numbers a real run creates follow each side's sequence: compared by how many.
  if (body && Array.isArray(body.numbers)) body.numbers = body.numbers.length;
  if (testCase.history && body && Array.isArray(body.results))
    return {
      status: response.status,
      count: body.count,
      entries: (body.results as object[]).map((entry) => ({ ...entry, id: undefined, at: undefined })),
    };
  if (body && Array.isArray(body.results))
    return {
      status: response.status,
      count: body.count,
      keys: (body.results as { number: string; status: string }[]).map((r) => [r.number, r.status]),
    };
  return { status: response.status, body: withoutClocks(body) };
}

const parity = setUpParityServer({
  reset: () => {
    resetMockDb();
    resetMockSavedViews();
  },
});

const requestInit = (testCase: Case, version?: string): RequestInit => ({
  method: testCase.method ?? 'GET',
  headers: {
    'accept-language': testCase.locale ?? 'en',
    authorization: `Bearer ${parity.tokens[testCase.as ?? 'staff'] ?? ''}`,
    ...(testCase.file ? { 'content-type': testCase.file.type } : testCase.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(version === undefined ? {} : { 'if-match': version }),
    ...testCase.headers,
  },
  body: testCase.file ? testCase.file.text : testCase.body === undefined ? undefined : JSON.stringify(testCase.body),
});

/** The case as a client that read the records sends it: its picked rows with their versions, a write with the version read. */
async function asRead(testCase: Case): Promise<{ testCase: Case; version?: string }> {
  const authorization = `Bearer ${parity.tokens[testCase.as ?? 'staff'] ?? ''}`;
  const body = testCase.picked
    ? {
        ...(testCase.body as object),
        rows: (
          await rowsRead(
            parity,
            testCase.picked.map((number) => number ?? ''),
            authorization,
          )
        ).map((row) => (testCase.back === undefined ? row : { ...row, status: testCase.back })),
      }
    : testCase.body;
  const version =
    isVersionedWrite(testCase.method ?? 'GET', testCase.path) && !testCase.noVersion && testCase.headers?.['if-match'] === undefined
      ? await versionRead(parity, testCase.path, authorization)
      : undefined;
  return { testCase: { ...testCase, body }, version };
}

describe('the mocks answer the volume endpoints as the server', () => {
  it('knows every waybill status it uses', () => expect(WAYBILL_STATUSES).toContain('draft'));
  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const sent = await asRead(testCase);
    const [real, mocked] = await askBoth(parity, testCase.path, () => requestInit(sent.testCase, sent.version));
    if (testCase.status !== undefined) expect(real.status).toBe(testCase.status);
    expect(await summarise(mocked, testCase)).toEqual(await summarise(real, testCase));
  });
});
