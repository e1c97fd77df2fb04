/**
 * Parity: the same requests to the real server (its demo data) and to the MSW handlers (the same
 * demo data), answered alike: status, `count`, the first page's keys in order, and error bodies
 * (field names and the server's messages). A filter, sort field, search field, paging bound or
 * write rule changed on one side only fails a row of this table.
 */
import {
  DOCUMENT_NUMBER,
  LISTS,
  LIMITS,
  documentNumber,
  isEvrReady,
  WAYBILL_STATUSES,
  allFilters,
  sortValues,
  type FilterDef,
  type ListContract,
  type ListName,
} from '@timberlog/contract';
import { DEMO_USERS, createDemoData } from '@timberlog/contract/demo-data';

import { resetMockDb } from '@/shared/mock-db';

import { askBoth, isVersionedWrite, setUpParityServer, versionRead, withoutTime, type Who } from './server';

interface Case {
  name: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  as?: Who;
  locale?: 'en' | 'et';
  /** The key of the records answered, for lists and records. */
  key?: string;
  /** Keys both must answer among the results (a case that finds nothing on either side proves little). */
  finds?: string[];
  /** Request headers besides the token and the language (If-Match). */
  headers?: Record<string, string>;
  /** A write sent without the version read (else one is read first, as the web app sends it). */
  noVersion?: boolean;
  /** A history page: its entries compared whole, but for their ids and times (each side's own). */
  history?: boolean;
}

const demo = createDemoData();
const rowsOf: Record<ListName, readonly object[]> = {
  waybills: demo.waybills,
  worklogs: demo.worklogs,
  invoices: demo.invoices,
  users: demo.users,
  exportRequests: [],
  assortmentTypes: demo.assortmentTypes,
  assortments: demo.assortments,
  companies: demo.companies,
  warehouses: demo.warehouses,
  workers: demo.workers,
};
const get = (row: object | undefined, field: string): unknown => (row as Record<string, unknown> | undefined)?.[field];
const query = (params: Record<string, string | readonly string[]>) => {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const item of [value].flat()) search.append(name, item);
  return `?${search.toString()}`;
};

/** Values of a filter that match something in the demo data, each sent as one request. */
function samples(def: FilterDef, rows: readonly object[]): (string | string[])[] {
  if (def.kind === 'boolean' || def.kind === 'present' || def.kind === 'caller') return ['true', 'false'];
  const having = rows.filter((row) => get(row, def.field) !== null && get(row, def.field) !== undefined);
  const at = (share: number) => get(having[Math.floor(having.length * share)], def.field);
  if (having.length === 0) return [];
  const text = (value: unknown) => String(value);
  switch (def.kind) {
    case 'exact':
      return [text(def.values ? (def.values.find((value) => having.some((row) => get(row, def.field) === value)) ?? at(0.5)) : at(0.5))];
    case 'multi': {
      const pair = [text(at(0.3)), text(at(0.7))];
      // Repeated, and comma-separated in one value: the marked filters split it into two values,
      // any other takes it whole (and so finds nothing here): both sides alike.
      return [pair, pair.join(',')];
    }
    case 'after':
    case 'before':
      return def.type === 'date' ? [text(at(0.5)).slice(0, 10)] : [text(at(0.5)), text(at(0.5)).slice(0, 10)];
    case 'day':
      return [text(at(0.5)).slice(0, 10)];
    case 'min':
    case 'max':
      return [text(at(0.5))];
  }
}

/** Every filter with a matching value, every sort field both ways, search, paging edges and bad values of each kind. */
function listCases(name: ListName, list: ListContract): Case[] {
  const rows = rowsOf[name];
  const path = list.path;
  const cases: Case[] = [{ name: `${name}: default order`, path, key: list.key }];
  for (const [filter, def] of Object.entries(allFilters(list))) {
    for (const value of samples(def, rows)) {
      cases.push({ name: `${name}: ${filter}=${String(value)}`, path: path + query({ [filter]: value, pageSize: '100' }), key: list.key });
    }
  }
  for (const sort of sortValues(list)) {
    cases.push({ name: `${name}: sort=${sort}`, path: path + query({ sort, pageSize: '100' }), key: list.key });
  }
  const [first = '', second = ''] = list.sort;
  cases.push(
    { name: `${name}: sort by two fields, repeated`, path: path + query({ sort: [`-${second}`, first] }), key: list.key },
    { name: `${name}: sort by two fields, comma-separated`, path: path + query({ sort: `${second},-${first}` }), key: list.key },
    { name: `${name}: unknown sort field`, path: path + query({ sort: 'colour' }) },
    { name: `${name}: page 2 of size 1`, path: path + query({ pageSize: '1', pageNumber: '2' }), key: list.key },
    { name: `${name}: page past the end`, path: path + query({ pageNumber: '100000' }) },
    { name: `${name}: page size over the maximum`, path: path + query({ pageSize: String(LIMITS.pageSizeMax + 1) }) },
    { name: `${name}: page size 0 and a bad page number`, path: path + query({ pageSize: '0', pageNumber: 'x' }) },
    { name: `${name}: bad timestamp bound`, path: path + query({ createdAfter: 'yesterday' }) },
    { name: `${name}: past-the-end page in Estonian`, path: path + query({ pageNumber: '100000' }), locale: 'et' },
  );
  const row = rows[Math.floor(rows.length / 2)];
  const searchField = list.search[0];
  if (row && searchField) {
    const text = String(get(row, searchField));
    const part = text.slice(Math.floor(text.length / 3), Math.floor(text.length / 3) + 4).toUpperCase();
    cases.push({ name: `${name}: search "${part}"`, path: path + query({ search: part, pageSize: '100' }), key: list.key });
  }
  const filters = Object.entries(allFilters(list));
  const bad = (kind: string, find: (def: FilterDef) => boolean, value: string) => {
    const found = filters.find(([, def]) => find(def));
    if (found) cases.push({ name: `${name}: bad ${kind} (${found[0]}=${value})`, path: path + query({ [found[0]]: value }) });
  };
  // A value holding a comma is one value unless the contract marks the filter comma-separated.
  for (const [filter, def] of filters.filter(([, item]) => item.kind === 'multi' && item.type === 'string' && !item.values)) {
    const found = get(
      rows.find((item) => typeof get(item, def.field) === 'string'),
      def.field,
    );
    const value = typeof found === 'string' ? found : 'x';
    cases.push({
      name: `${name}: ${filter} with a comma is taken whole`,
      path: path + query({ [filter]: [`${value}, ${value}`, value] }),
      key: list.key,
    });
  }
  bad('choice', (def) => (def.kind === 'exact' || def.kind === 'multi') && !!def.values, 'bogus');
  bad('date', (def) => (def.kind === 'after' || def.kind === 'before') && def.type === 'date', '2026-02-30');
  bad('day', (def) => def.kind === 'day', '2026-13-01');
  bad('integer', (def) => def.kind === 'min' || ((def.kind === 'exact' || def.kind === 'multi') && def.type === 'integer'), 'abc');
  bad('boolean', (def) => def.kind === 'boolean', 'maybe');
  return cases;
}

/** A draft that EVR would take: confirming it is a transition, not a refusal for missing fields. */
const confirmable = (w: (typeof demo.waybills)[number]) => w.status !== 'draft' || isEvrReady(w);

const ofStatus = (() => {
  const used = new Set<string>();
  return (status: string, extra: (w: (typeof demo.waybills)[number]) => boolean = confirmable) => {
    const found = demo.waybills.find((w) => w.status === status && !used.has(w.number) && extra(w));
    if (!found) throw new Error(`the demo data has no more ${status} waybills`);
    used.add(found.number);
    return found;
  };
})();

/** Each waybill transition, legal and illegal; edit and delete by status; each invoice preview rule; numbering. */
function writeCases(): Case[] {
  const cases: Case[] = [];
  const w = '/api/waybills/';
  for (const from of WAYBILL_STATUSES) {
    for (const to of WAYBILL_STATUSES) {
      if (to === from) continue;
      const waybill = ofStatus(from);
      cases.push({ name: `waybill ${from} → ${to}`, method: 'PATCH', path: `${w}${waybill.number}/`, body: { status: to }, key: 'number' });
    }
  }
  // A correction: staff only, with a reason the history keeps.
  const corrected = ofStatus('delivered');
  cases.push(
    {
      name: 'waybill: delivered back to confirmed by an ordinary user',
      method: 'PATCH',
      path: `${w}${corrected.number}/`,
      body: { status: 'confirmed', reason: 'Wrong truck.' },
      as: 'user',
    },
    {
      name: 'waybill: delivered back to confirmed without a reason, in Estonian',
      method: 'PATCH',
      path: `${w}${corrected.number}/`,
      body: { status: 'confirmed', reason: '  ' },
      locale: 'et',
    },
    {
      name: 'waybill: delivered back to confirmed with a reason',
      method: 'PATCH',
      path: `${w}${corrected.number}/`,
      body: { status: 'confirmed', reason: 'Wrong truck.' },
      key: 'number',
    },
  );
  // The other correction: a confirmed waybill back to draft.
  const unconfirmed = ofStatus('confirmed');
  cases.push(
    {
      name: 'waybill: confirmed back to draft by an ordinary user',
      method: 'PATCH',
      path: `${w}${unconfirmed.number}/`,
      body: { status: 'draft', reason: 'Wrong truck.' },
      as: 'user',
    },
    {
      name: 'waybill: confirmed back to draft without a reason',
      method: 'PATCH',
      path: `${w}${unconfirmed.number}/`,
      body: { status: 'draft' },
    },
    {
      name: 'waybill: confirmed back to draft with a reason, in Estonian',
      method: 'PATCH',
      path: `${w}${unconfirmed.number}/`,
      body: { status: 'draft', reason: 'Vale veok.' },
      locale: 'et',
      key: 'number',
    },
  );
  const delivered = ofStatus('delivered');
  cases.push(
    { name: 'waybill: editing a delivered one', method: 'PATCH', path: `${w}${delivered.number}/`, body: { notes: 'x' } },
    {
      name: 'waybill: editing a delivered one, in Estonian',
      method: 'PATCH',
      path: `${w}${delivered.number}/`,
      body: { notes: 'x' },
      locale: 'et',
    },
    { name: 'waybill: deleting a delivered one', method: 'DELETE', path: `${w}${delivered.number}/` },
    { name: 'waybill: deleting a draft', method: 'DELETE', path: `${w}${ofStatus('draft').number}/` },
    { name: 'waybill: unknown number', method: 'PATCH', path: `${w}W-1999-999999/`, body: { notes: 'x' } },
    // What EVR needs (the contract's evrReadiness): confirming a draft that lacks some, in both languages.
    ...(['en', 'et'] as const).map(
      (locale): Case => ({
        name: `waybill: confirming a draft EVR would refuse (${locale})`,
        method: 'PATCH',
        path: `${w}${ofStatus('draft', (item) => !isEvrReady(item)).number}/`,
        body: { status: 'confirmed' },
        locale,
      }),
    ),
    {
      name: 'waybill: confirming once the missing fields are given',
      method: 'PATCH',
      path: `${w}${ofStatus('draft', (item) => !isEvrReady(item)).number}/`,
      body: { status: 'confirmed', driverIdCode: '37605030299', departureTime: '2026-11-19T05:15:00+02:00' },
      key: 'number',
    },
    {
      name: 'waybill: a malformed personal ID code and cadastral number, in Estonian',
      method: 'PATCH',
      path: `${w}${ofStatus('draft').number}/`,
      body: { driverIdCode: '37605030298', cadastralNumber: '78401-001-0123' },
      locale: 'et',
    },
    {
      name: 'waybill: a confirmed one cannot lose its holding basis',
      method: 'PATCH',
      path: `${w}${ofStatus('confirmed').number}/`,
      body: { holdingBasisType: null, notes: 'x' },
    },
    {
      name: 'waybill: the EVR fields of a draft changed',
      method: 'PATCH',
      path: `${w}${ofStatus('draft').number}/`,
      body: {
        ownerCompany: '',
        ownerPersonName: 'Kadri Kask',
        ownerPersonCode: '49403130248',
        holdingBasisType: 'SalesContract',
        contractNumber: ' MK-2026/7 ',
        contractDate: '2026-10-02',
        previousOwnerName: 'Ants Saar',
        previousOwnerCode: '10137319',
        previousOwnerAddress: 'Metsa talu',
        certificateClaims: [
          { code: 'PEFC', number: '' },
          { code: 'FSCMIX', number: 'NC-COC-012345' },
        ],
        grossMass: '45.5',
        eudrReferenceNumber: '26EEXVTNR4Y3HN',
        eudrVerificationNumber: 'KRAGE8SX',
      },
      key: 'number',
    },
    {
      name: 'waybill: unknown references',
      method: 'PATCH',
      path: `${w}${ofStatus('draft').number}/`,
      body: { origin: 'NOWHERE', assortment: 'NONE' },
    },
  );
  const origin = demo.warehouses.find((item) => item.originCode)?.originCode ?? '';
  const destination = demo.warehouses.find((item) => item.destinationCode)?.destinationCode ?? '';
  cases.push({
    name: 'waybill: created with the next number',
    method: 'POST',
    path: w,
    key: 'number',
    body: {
      transportDate: '2026-11-19',
      origin,
      destination,
      driverName: 'Peeter Kask',
      vehicleNumber: '123 ABC',
      mileage: 120,
      assortment: 'KU-PP',
      quantity: '21.500',
    },
  });

  const preview = (name: string, waybills: readonly string[], extra: Record<string, string> = {}, locale?: 'et'): Case => ({
    name: `invoice preview: ${name}`,
    path: `/api/invoices/preview/${query({ waybills, issueDate: '2026-11-20', ...extra })}`,
    locale,
  });
  const deliveredOf = (customer: string) => ofStatus('delivered', (item) => item.destinationCompany === customer && item.invoice === null);
  const customer = demo.waybills.find((item) => item.status === 'delivered' && item.invoice === null)?.destinationCompany ?? '';
  const other =
    demo.waybills.find((item) => item.status === 'delivered' && item.invoice === null && item.destinationCompany !== customer)
      ?.destinationCompany ?? '';
  const good = [deliveredOf(customer).number, deliveredOf(customer).number, deliveredOf(customer).number];
  const invoiced = demo.waybills.find((item) => item.status === 'invoiced')?.number ?? '';
  const supplier = demo.companies.find((item) => !item.isInvoiceCustomer)?.registryCode ?? '';
  const toSupplier = ofStatus('draft');
  // Both sides number by the current year and the sequence after the demo data's.
  const nextInvoice = documentNumber(DOCUMENT_NUMBER.invoicePrefix, new Date().getUTCFullYear(), demo.sequences.invoice + 1);
  cases.push(
    { name: 'invoice preview: no waybills', path: '/api/invoices/preview/' },
    preview('an unknown waybill', [good[0] ?? '', 'W-1999-999999']),
    preview('an invoiced waybill', [good[0] ?? '', invoiced]),
    preview('a draft waybill', [good[0] ?? '', ofStatus('draft').number]),
    preview('two customers', [good[0] ?? '', deliveredOf(other).number]),
    preview('due before issue', good, { dueDate: '2026-11-01' }),
    preview('an issue date in the future', good, { issueDate: '2098-01-01' }),
    preview('a bad date', good, { issueDate: '2026-02-30' }),
    preview('exact totals', good),
    // Waybill numbers are taken whole: a comma in one is part of the number.
    preview('numbers joined by commas are one unknown number', [good.join(',')]),
    preview('already invoiced, in Estonian', [invoiced], {}, 'et'),
    // A waybill to a company that is not an invoice customer: edited while a draft, then delivered.
    {
      name: 'waybill: sent to a supplier',
      method: 'PATCH',
      path: `${w}${toSupplier.number}/`,
      body: { destinationCompany: supplier },
      key: 'number',
    },
    { name: 'waybill: confirmed', method: 'PATCH', path: `${w}${toSupplier.number}/`, body: { status: 'confirmed' }, key: 'number' },
    { name: 'waybill: delivered', method: 'PATCH', path: `${w}${toSupplier.number}/`, body: { status: 'delivered' }, key: 'number' },
    preview('not an invoice customer', [toSupplier.number]),
    {
      name: 'invoice: created with the next number',
      method: 'POST',
      path: '/api/invoices/',
      body: { waybills: good, issueDate: '2026-11-20' },
      key: 'number',
    },
    { name: 'invoice: its waybills are invoiced', path: `${w}${query({ invoice: nextInvoice, sort: 'number' })}`, key: 'number' },
    preview('waybills just invoiced', good),
  );
  const failed = demo.invoices.find((item) => item.status === 'sync_failed')?.number ?? '';
  const synced = demo.invoices.find((item) => item.status === 'synced')?.number ?? '';
  // Record versions: a write naming another version than the record's is refused with who changed it and when.
  const versioned = ofStatus('draft');
  const worklog = demo.worklogs[300]!;
  const account = demo.users.find((item) => !item.isStaff && item.isActive && item.email !== DEMO_USERS.user.email)!;
  cases.push(
    {
      name: 'versions: a stale If-Match on a waybill',
      method: 'PATCH',
      path: `${w}${versioned.number}/`,
      body: { notes: 'x' },
      headers: { 'if-match': '"5"' },
    },
    {
      name: 'versions: the current If-Match on a waybill',
      method: 'PATCH',
      path: `${w}${versioned.number}/`,
      body: { notes: 'x' },
      headers: { 'if-match': '"1"' },
      key: 'number',
    },
    {
      name: 'versions: the waybill changed since, in Estonian',
      method: 'DELETE',
      path: `${w}${versioned.number}/`,
      headers: { 'if-match': '"1"' },
      locale: 'et',
    },
    {
      name: 'versions: a stale If-Match on a worklog',
      method: 'PATCH',
      path: `/api/worklogs/${worklog.number}/`,
      body: { notes: 'x' },
      headers: { 'if-match': 'W/"9"' },
    },
    {
      name: 'versions: a stale If-Match on an account',
      method: 'PATCH',
      path: `/api/user/${account.email}/`,
      body: { name: 'Renamed' },
      headers: { 'if-match': '"2"' },
    },
    {
      name: 'versions: a stale If-Match on an invoice retry',
      method: 'POST',
      path: `/api/invoices/${failed}/retry_sync/`,
      headers: { 'if-match': '"3"' },
    },
    // No version, or `*`: 428 before the body is looked at, in the caller's language, for each kind of record.
    {
      name: 'versions: no If-Match on a waybill',
      method: 'PATCH',
      path: `${w}${versioned.number}/`,
      body: { notes: 'y' },
      noVersion: true,
    },
    {
      name: 'versions: If-Match * on a waybill',
      method: 'PATCH',
      path: `${w}${versioned.number}/`,
      body: { notes: 'y' },
      headers: { 'if-match': '*' },
    },
    {
      name: 'versions: no If-Match on deleting a waybill, in Estonian',
      method: 'DELETE',
      path: `${w}${versioned.number}/`,
      locale: 'et',
      noVersion: true,
    },
    { name: 'versions: no If-Match on a worklog', method: 'PUT', path: `/api/worklogs/${worklog.number}/`, body: {}, noVersion: true },
    { name: 'versions: no If-Match on an account', method: 'DELETE', path: `/api/user/${account.email}/`, noVersion: true },
    {
      name: 'versions: no If-Match on the own account',
      method: 'PATCH',
      path: '/api/user/me',
      body: { name: 'x' },
      as: 'user',
      noVersion: true,
    },
    { name: 'versions: no If-Match on an invoice retry', method: 'POST', path: `/api/invoices/${failed}/retry_sync/`, noVersion: true },
    {
      name: 'versions: no If-Match on a warehouse, in Estonian',
      method: 'PATCH',
      path: '/api/admin/warehouses/1',
      body: { name: 'x' },
      locale: 'et',
      noVersion: true,
    },
    {
      name: 'versions: a weak tag of the current version on a waybill',
      method: 'PATCH',
      path: `${w}${versioned.number}/`,
      body: { notes: 'y' },
      headers: { 'if-match': 'W/"2"' },
    },
  );
  cases.push(
    { name: 'invoice: retrying a synced one', method: 'POST', path: `/api/invoices/${synced}/retry_sync/` },
    { name: 'invoice: retrying a failed one', method: 'POST', path: `/api/invoices/${failed}/retry_sync/`, key: 'number' },
    // Only a failed exchange with EVR is sent again (no demo waybill is in EVR).
    { name: 'waybill: sending one never sent to EVR again', method: 'POST', path: `${w}${versioned.number}/evr_retry/` },
    { name: 'versions: no If-Match on an EVR retry', method: 'POST', path: `${w}${versioned.number}/evr_retry/`, noVersion: true },
  );
  return cases;
}

/** Roles and single records. */
function otherCases(): Case[] {
  const waybill = demo.waybills[123];
  const invoice = demo.invoices[7];
  return [
    { name: 'users: an ordinary user sees only themself', path: '/api/user/', as: 'user', key: 'email' },
    { name: 'users: exact name', path: `/api/user/${query({ name: DEMO_USERS.staff.name })}`, key: 'email' },
    { name: 'users: part of a name finds nobody', path: `/api/user/${query({ name: DEMO_USERS.staff.name.slice(0, 4) })}`, key: 'email' },
    { name: 'users: email in capitals', path: `/api/user/${query({ email: DEMO_USERS.inactive.email.toUpperCase() })}`, key: 'email' },
    {
      name: 'users: search with a non-ASCII capital',
      path: `/api/user/${query({ search: DEMO_USERS.inactive.name.slice(0, 4) })}`,
      key: 'email',
    },
    { name: 'users: search with a non-ASCII small letter', path: `/api/user/${query({ search: 'jõgi' })}`, key: 'email' },
    // Search folds every letter's case (foldCase), not only A to Z.
    {
      name: 'users: search in small letters for a non-ASCII capital',
      path: `/api/user/${query({ search: 'ülle uus' })}`,
      key: 'email',
      finds: [DEMO_USERS.inactive.email],
    },
    {
      name: 'users: search in capitals for non-ASCII small letters',
      path: `/api/user/${query({ search: 'JÕGI' })}`,
      key: 'email',
      finds: ['jaan.jogi@timberlog.ee'],
    },
    { name: 'users: me', path: '/api/user/me', as: 'user', key: 'email' },
    { name: 'preferences: none chosen yet', path: '/api/user/me/preferences', as: 'user' },
    {
      name: 'preferences: a language and a theme',
      method: 'PATCH',
      path: '/api/user/me/preferences',
      body: { locale: 'et', theme: 'dark' },
      as: 'user',
    },
    {
      name: 'preferences: the theme forgotten, the language kept',
      method: 'PATCH',
      path: '/api/user/me/preferences',
      body: { theme: null },
      as: 'user',
    },
    { name: 'preferences: as kept', path: '/api/user/me/preferences', as: 'user' },
    {
      name: 'preferences: a language and a theme the product does not have, in Estonian',
      method: 'PATCH',
      path: '/api/user/me/preferences',
      body: { locale: 'fi', theme: 'sepia' },
      as: 'user',
      locale: 'et',
    },
    {
      name: 'preferences: a field the call does not know',
      method: 'PATCH',
      path: '/api/user/me/preferences',
      body: { fontSize: 20 },
      as: 'user',
    },
    { name: "preferences: staff's own, untouched by the user's", path: '/api/user/me/preferences' },
    // The marked boolean `...In` filter splits on commas on both sides.
    { name: 'users: isStaffIn=true,false', path: `/api/user/${query({ isStaffIn: 'true,false' })}`, key: 'email' },
    { name: 'users: another account as an ordinary user', path: `/api/user/${DEMO_USERS.staff.email}/`, as: 'user' },
    { name: 'export requests: none yet', path: '/api/export-requests/', key: 'id' },
    { name: 'waybill: one record', path: `/api/waybills/${waybill?.number ?? ''}/` },
    { name: 'invoice: one record', path: `/api/invoices/${invoice?.number ?? ''}/` },
    { name: 'worklog: one record', path: `/api/worklogs/${demo.worklogs[77]?.number ?? ''}/` },
    { name: 'warehouse: by origin code', path: `/api/warehouses/origins/${demo.warehouses[0]?.originCode ?? ''}/` },
    { name: 'company: unknown', path: '/api/companies/99999999/' },
    { name: 'summary: the counts', path: '/api/summary/' },
    { name: 'summary: the counts, as an ordinary user', path: '/api/summary', as: 'user' },
    { name: "settings: this server's set-up (no connection to EVR)", path: '/api/settings', as: 'user' },
    // Incoming waybills (loads others started to us in EVR): the seed and the mocks read the demo's EVR documents alike.
    { name: 'incoming waybills: newest first', path: '/api/evr/incoming', key: 'evrNumber', finds: [demo.incoming[0]!.waybill.number] },
    {
      name: 'incoming waybills: by EVR status',
      path: `/api/evr/incoming${query({ evrStatusIn: 'unloaded,cancelled' })}`,
      key: 'evrNumber',
    },
    { name: "incoming waybills: a search by the owner's name", path: `/api/evr/incoming${query({ search: 'põlva' })}`, key: 'evrNumber' },
    { name: 'incoming waybills: sorted by EVR number', path: `/api/evr/incoming${query({ sort: 'evrNumber' })}`, key: 'evrNumber' },
    { name: 'incoming waybills: a status EVR has not', path: `/api/evr/incoming${query({ evrStatusIn: 'lost' })}`, locale: 'et' },
    // The other fields the list searches: a driver's name, a vehicle, a cadastral number, an EVR number.
    {
      name: "incoming waybills: a search by the driver's name",
      path: `/api/evr/incoming${query({ search: 'urmas' })}`,
      key: 'evrNumber',
      finds: ['METS260041', 'METS260045'],
    },
    {
      name: 'incoming waybills: a search by the vehicle',
      path: `/api/evr/incoming${query({ search: '344 mkl' })}`,
      key: 'evrNumber',
      finds: ['METS260042'],
    },
    {
      name: 'incoming waybills: a search by the cadastral number',
      path: `/api/evr/incoming${query({ search: '39201:004' })}`,
      key: 'evrNumber',
      finds: ['METS260043'],
    },
    {
      name: 'incoming waybills: a search by EVR number',
      path: `/api/evr/incoming${query({ search: 'mets260044' })}`,
      key: 'evrNumber',
      finds: ['METS260044'],
    },
    // None of the demo's loads comes to a warehouse of ours by its place code: the filter finds none, on both sides.
    {
      name: 'incoming waybills: to one of our warehouses',
      path: `/api/evr/incoming${query({ destination: demo.warehouses.find((w) => w.destinationCode)!.destinationCode! })}`,
      key: 'evrNumber',
    },
    {
      name: 'incoming waybills: the second page of two, oldest departure first',
      path: `/api/evr/incoming${query({ sort: 'departureTime', pageSize: '2', pageNumber: '2' })}`,
      key: 'evrNumber',
      finds: ['METS260043', 'METS260044'],
    },
    ...demo.incoming.map((stored) => ({
      name: `incoming waybill: ${stored.waybill.status} ${stored.waybill.number}`,
      path: `/api/evr/incoming/${stored.waybill.number}`,
    })),
    { name: 'incoming waybill: unknown', path: '/api/evr/incoming/NOPE000001' },
    { name: 'incoming waybill: its history', path: `/api/evr/incoming/${demo.incoming[2]!.waybill.number}/history`, history: true },
    // Hauls per week, the month's top destinations and invoicing per month, as of today on both sides.
    { name: 'summary: the charts', path: '/api/summary/charts' },
    { name: 'summary: the charts, as an ordinary user', path: '/api/summary/charts/', as: 'user' },
  ];
}

/**
 * The admin endpoints, resource by resource: the list, a create, an update, a delete refused while
 * others refer to the record (in both languages), a delete allowed, and each rule a write enforces.
 */
function adminCases(): Case[] {
  const a = '/api/admin';
  const waybill = demo.waybills[0]!;
  const worklog = demo.worklogs[0]!;
  const usedType = demo.assortments[0]!.assortmentType;
  const company = demo.warehouses[0]!.company;
  const origin = demo.warehouses.find((item) => item.originCode === waybill.origin)!;
  const destination = demo.warehouses.find((item) => item.destinationCode && item.id !== origin.id)!;
  const nextId = (rows: readonly { id: number }[]) => Math.max(...rows.map((item) => item.id)) + 1;
  const newType = nextId(demo.assortmentTypes);
  const newWarehouse = nextId(demo.warehouses);
  const cases: Case[] = [];
  for (const [name, list] of [
    ['assortment-types', LISTS.assortmentTypes],
    ['assortments', LISTS.assortments],
    ['companies', LISTS.companies],
    ['warehouses', LISTS.warehouses],
    ['workers', LISTS.workers],
  ] as const) {
    cases.push(
      { name: `admin ${name}: list`, path: `${a}/${name}${query({ pageSize: '100' })}`, key: list.key },
      { name: `admin ${name}: list sorted the other way`, path: `${a}/${name}${query({ sort: `-${list.sort[0] ?? ''}` })}`, key: list.key },
      { name: `admin ${name}: an ordinary user is refused`, path: `${a}/${name}`, as: 'user' },
      { name: `admin ${name}: an ordinary user cannot create`, method: 'POST', path: `${a}/${name}`, body: {}, as: 'user' },
    );
  }
  cases.push(
    // Assortment types: a name that is not blank.
    {
      name: 'admin assortment type: created',
      method: 'POST',
      path: `${a}/assortment-types`,
      body: { name: 'Veneer logs', description: 'For plywood.' },
    },
    { name: 'admin assortment type: no name', method: 'POST', path: `${a}/assortment-types`, body: { description: 'x' } },
    { name: 'admin assortment type: an empty name', method: 'POST', path: `${a}/assortment-types`, body: { name: '' } },
    { name: 'admin assortment type: a name of spaces', method: 'POST', path: `${a}/assortment-types`, body: { name: '   ' } },
    {
      name: 'admin assortment type: a name too long',
      method: 'POST',
      path: `${a}/assortment-types`,
      body: { name: 'x'.repeat(LIMITS.assortmentTypeNameMaxLength + 1) },
    },
    {
      name: 'admin assortment type: updated',
      method: 'PATCH',
      path: `${a}/assortment-types/${newType}`,
      body: { description: 'Birch for plywood.' },
    },
    {
      name: 'admin assortment type: updated to a blank name',
      method: 'PATCH',
      path: `${a}/assortment-types/${newType}`,
      body: { name: '  ' },
    },
    { name: 'admin assortment type: an unknown one', method: 'PATCH', path: `${a}/assortment-types/999999`, body: { name: 'x' } },
    { name: 'admin assortment type: deleting one in use', method: 'DELETE', path: `${a}/assortment-types/${usedType}` },
    {
      name: 'admin assortment type: deleting one in use, in Estonian',
      method: 'DELETE',
      path: `${a}/assortment-types/${usedType}`,
      locale: 'et',
    },
    // Assortments: a free code of letters, digits, `_` and `-`; a known type; a valid species, unit and price.
    {
      name: 'admin assortment: created',
      method: 'POST',
      path: `${a}/assortments`,
      body: { code: 'KS-VIN-26', name: 'Birch veneer log', assortmentType: newType, species: 'birch', unit: 'm3', unitPrice: '96.00' },
    },
    {
      name: 'admin assortment: a code taken',
      method: 'POST',
      path: `${a}/assortments`,
      body: { code: 'KS-VIN-26', name: 'Again', assortmentType: newType, species: 'birch', unit: 'm3', unitPrice: '96.00' },
    },
    {
      name: 'admin assortment: a code with a space',
      method: 'POST',
      path: `${a}/assortments`,
      body: { code: 'KS VIN', name: 'x', assortmentType: newType, species: 'birch', unit: 'm3', unitPrice: '1.00' },
    },
    {
      name: 'admin assortment: an unknown type',
      method: 'POST',
      path: `${a}/assortments`,
      body: { code: 'KS-NEW', name: 'x', assortmentType: 999999, species: 'birch', unit: 'm3', unitPrice: '1.00' },
    },
    {
      name: 'admin assortment: an unknown species and unit',
      method: 'POST',
      path: `${a}/assortments`,
      body: { code: 'KS-NEW', name: 'x', assortmentType: newType, species: 'palm', unit: 'kg', unitPrice: '1.00' },
    },
    {
      name: 'admin assortment: a price with three decimals',
      method: 'POST',
      path: `${a}/assortments`,
      body: { code: 'KS-NEW', name: 'x', assortmentType: newType, species: 'birch', unit: 'm3', unitPrice: '1.005' },
    },
    { name: 'admin assortment: fields missing', method: 'POST', path: `${a}/assortments`, body: { code: 'KS-NEW' } },
    {
      name: 'admin assortment: a name of spaces and an unknown type',
      method: 'POST',
      path: `${a}/assortments`,
      body: { code: 'KS-NEW', name: '  ', assortmentType: 999999, species: 'birch', unit: 'm3', unitPrice: '1.00' },
    },
    {
      name: 'admin assortment: updated',
      method: 'PATCH',
      path: `${a}/assortments/KS-VIN-26`,
      body: { unitPrice: '98.50', isActive: false },
    },
    {
      name: 'admin assortment: updated to an unknown type',
      method: 'PATCH',
      path: `${a}/assortments/KS-VIN-26`,
      body: { assortmentType: 999999 },
    },
    { name: 'admin assortment: deleting one in use', method: 'DELETE', path: `${a}/assortments/${waybill.assortment}` },
    {
      name: 'admin assortment: deleting one in use, in Estonian',
      method: 'DELETE',
      path: `${a}/assortments/${waybill.assortment}`,
      locale: 'et',
    },
    {
      name: 'admin assortment type: deleting one a new assortment uses',
      method: 'DELETE',
      path: `${a}/assortment-types/${newType}`,
      locale: 'et',
    },
    { name: 'admin assortment: deleting an unused one', method: 'DELETE', path: `${a}/assortments/KS-VIN-26` },
    { name: 'admin assortment type: deleting an unused one', method: 'DELETE', path: `${a}/assortment-types/${newType}` },
    // Companies: a free registry code of eight digits, a name.
    {
      name: 'admin company: created',
      method: 'POST',
      path: `${a}/companies`,
      body: { registryCode: '16543210', name: 'Uus Saeveski OÜ', isInvoiceCustomer: true, email: 'arved@uus.ee' },
    },
    {
      name: 'admin company: a registry code taken',
      method: 'POST',
      path: `${a}/companies`,
      body: { registryCode: '16543210', name: 'Again OÜ' },
    },
    {
      name: 'admin company: a registry code too short',
      method: 'POST',
      path: `${a}/companies`,
      body: { registryCode: '123', name: 'Short OÜ' },
    },
    { name: 'admin company: a name of spaces', method: 'POST', path: `${a}/companies`, body: { registryCode: '16543211', name: '  ' } },
    {
      name: 'admin company: updated',
      method: 'PATCH',
      path: `${a}/companies/16543210`,
      body: { address: 'Tartu mnt 1', isInvoiceCustomer: false },
    },
    { name: 'admin company: updated to a blank name', method: 'PATCH', path: `${a}/companies/16543210`, body: { name: ' ' } },
    { name: 'admin company: deleting one in use', method: 'DELETE', path: `${a}/companies/${company}` },
    { name: 'admin company: deleting one in use, in Estonian', method: 'DELETE', path: `${a}/companies/${company}`, locale: 'et' },
    // Warehouses: a known company, codes no other warehouse uses, a code waybills use kept.
    {
      name: 'admin warehouse: created',
      method: 'POST',
      path: `${a}/warehouses`,
      body: { name: 'Uus ladu', company: '16543210', originCode: 'UUS-01', destinationCode: 'D-UUS-01' },
    },
    {
      name: 'admin warehouse: an origin code taken',
      method: 'POST',
      path: `${a}/warehouses`,
      body: { name: 'Teine', company: '16543210', originCode: 'UUS-01' },
    },
    {
      name: 'admin warehouse: a destination code taken',
      method: 'POST',
      path: `${a}/warehouses`,
      body: { name: 'Teine', company: '16543210', destinationCode: destination.destinationCode },
    },
    {
      name: 'admin warehouse: an origin code with a space, a destination code not text',
      method: 'POST',
      path: `${a}/warehouses`,
      body: { name: 'Teine', company: '16543210', originCode: 'A B', destinationCode: 5 },
    },
    { name: 'admin warehouse: an unknown company', method: 'POST', path: `${a}/warehouses`, body: { name: 'Teine', company: '99999999' } },
    // The place as EVR knows it: a code one warehouse uses, address parts, both L-EST97 coordinates or neither.
    {
      name: 'admin warehouse: one coordinate without the other, an EVR code another uses',
      method: 'POST',
      path: `${a}/warehouses`,
      body: { name: 'Teine', company: '16543210', coordX: 6_528_000, evrPlaceCode: destination.evrPlaceCode },
    },
    {
      name: 'admin warehouse: coordinates outside Estonia',
      method: 'POST',
      path: `${a}/warehouses`,
      body: { name: 'Teine', company: '16543210', coordX: 58.88, coordY: 25.55 },
    },
    {
      name: 'admin warehouse: its EVR place set',
      method: 'PATCH',
      path: `${a}/warehouses/${newWarehouse}`,
      body: { evrPlaceCode: 'TL-UUS', county: ' Järva maakond ', city: 'Paide linn', street: '', coordX: 6_528_012.34, coordY: 590_112.5 },
      key: 'id',
    },
    {
      name: 'admin warehouse: a name of spaces, in Estonian',
      method: 'POST',
      path: `${a}/warehouses`,
      body: { name: '   ', company: '16543210' },
      locale: 'et',
    },
    {
      name: 'admin warehouse: updated',
      method: 'PATCH',
      path: `${a}/warehouses/${newWarehouse}`,
      body: { address: 'Sadama 5', originCode: null },
    },
    {
      name: 'admin warehouse: updated to a code another uses',
      method: 'PATCH',
      path: `${a}/warehouses/${newWarehouse}`,
      body: { destinationCode: destination.destinationCode },
    },
    {
      name: 'admin warehouse: an origin code waybills use changed',
      method: 'PATCH',
      path: `${a}/warehouses/${origin.id}`,
      body: { originCode: 'CHANGED-1' },
    },
    {
      name: 'admin warehouse: an origin code waybills use changed, in Estonian',
      method: 'PATCH',
      path: `${a}/warehouses/${origin.id}`,
      body: { originCode: 'CHANGED-1' },
      locale: 'et',
    },
    {
      name: 'admin warehouse: an origin code waybills use kept, the name changed',
      method: 'PATCH',
      path: `${a}/warehouses/${origin.id}`,
      body: { originCode: origin.originCode, name: 'Renamed storage' },
    },
    { name: 'admin warehouse: deleting one in use', method: 'DELETE', path: `${a}/warehouses/${worklog.warehouse}` },
    {
      name: 'admin warehouse: deleting one in use, in Estonian',
      method: 'DELETE',
      path: `${a}/warehouses/${worklog.warehouse}`,
      locale: 'et',
    },
    { name: 'admin company: deleting one a new warehouse names', method: 'DELETE', path: `${a}/companies/16543210` },
    { name: 'admin warehouse: deleting an unused one', method: 'DELETE', path: `${a}/warehouses/${newWarehouse}` },
    { name: 'admin company: deleting an unused one', method: 'DELETE', path: `${a}/companies/16543210` },
    // Workers: a free name (spaces tidied), a known company.
    {
      name: 'admin worker: created, spaces tidied',
      method: 'POST',
      path: `${a}/workers`,
      body: { workerName: '  Uus   Töötaja ', company },
    },
    { name: 'admin worker: a name taken', method: 'POST', path: `${a}/workers`, body: { workerName: 'Uus Töötaja' } },
    { name: 'admin worker: a name of spaces', method: 'POST', path: `${a}/workers`, body: { workerName: '   ' } },
    { name: 'admin worker: no name', method: 'POST', path: `${a}/workers`, body: { company } },
    {
      name: 'admin worker: an unknown company',
      method: 'POST',
      path: `${a}/workers`,
      body: { workerName: 'Teine Töötaja', company: '99999999' },
    },
    { name: 'admin worker: updated', method: 'PATCH', path: `${a}/workers/${encodeURIComponent('Uus Töötaja')}`, body: { company: null } },
    {
      name: 'admin worker: updated to an unknown company, in Estonian',
      method: 'PATCH',
      path: `${a}/workers/${encodeURIComponent('Uus Töötaja')}`,
      body: { company: '99999999' },
      locale: 'et',
    },
    { name: 'admin worker: deleting one in use', method: 'DELETE', path: `${a}/workers/${encodeURIComponent(worklog.workerName)}` },
    {
      name: 'admin worker: deleting one in use, in Estonian',
      method: 'DELETE',
      path: `${a}/workers/${encodeURIComponent(worklog.workerName)}`,
      locale: 'et',
    },
    { name: 'admin worker: deleting an unused one', method: 'DELETE', path: `${a}/workers/${encodeURIComponent('Uus Töötaja')}` },
    { name: 'admin worker: deleting it again', method: 'DELETE', path: `${a}/workers/${encodeURIComponent('Uus Töötaja')}` },
  );
  return cases;
}

/**
 * Record histories: a waybill created from the web app, edited, moved along and corrected, then its
 * history (who, how, each field before and after as text, the reason); paging and its bounds; a
 * seeded record's; a deleted one's (staff only); a worklog's timestamp; an account's password (no
 * values); and the admin records the cases above created, changed and deleted.
 */
function historyCases(): Case[] {
  const w = '/api/waybills/';
  const a = '/api/admin';
  const origin = demo.warehouses.find((item) => item.originCode)?.originCode ?? '';
  const destination = demo.warehouses.find((item) => item.destinationCode)?.destinationCode ?? '';
  const number = 'W-HISTORY-1';
  const path = `${w}${number}/`;
  const web = { 'x-timberlog-client': 'web' };
  const draft = ofStatus('draft');
  const worklog = demo.worklogs[400]!;
  const moved = new Date(Date.parse(worklog.timestamp) - 3_600_000 + 120).toISOString();
  const account = demo.users.filter((item) => !item.isStaff && item.isActive && item.email !== DEMO_USERS.user.email)[1]!;
  const warehouse = demo.warehouses.find((item) => item.originCode === demo.waybills[0]!.origin)!;
  const newType = Math.max(...demo.assortmentTypes.map((item) => item.id)) + 1;
  const history = (name: string, target: string, as?: Who): Case => ({ name: `history: ${name}`, path: target, history: true, as });
  return [
    {
      name: 'history: a waybill created from the web app',
      method: 'POST',
      path: w,
      headers: web,
      key: 'number',
      body: {
        number,
        transportDate: '2026-11-18',
        origin,
        destination,
        driverName: 'Peeter Kask',
        vehicleNumber: '123 ABC',
        mileage: 80,
        assortment: 'KU-PP',
        quantity: '25.500',
      },
    },
    { name: 'history: its quantity and mileage changed', method: 'PATCH', path, body: { quantity: '31.2', mileage: 95, notes: 'Weighed' } },
    // Each quantity message says what is wrong with that value (the contract's decimalProblem).
    { name: 'a quantity below zero', method: 'PATCH', path, body: { quantity: '-5' } },
    { name: 'a quantity with too many decimals', method: 'PATCH', path, body: { quantity: '1.2345' } },
    { name: 'a quantity with too many digits', method: 'PATCH', path, body: { quantity: '1234567' } },
    {
      name: 'a worklog quantity below zero',
      method: 'POST',
      path: '/api/worklogs/',
      body: {
        timestamp: worklog.timestamp,
        action: worklog.action,
        warehouse: worklog.warehouse,
        workerName: worklog.workerName,
        durationMinutes: 30,
        quantity: '-5',
      },
    },
    {
      name: 'a worklog quantity with too many decimals',
      method: 'POST',
      path: '/api/worklogs/',
      body: {
        timestamp: worklog.timestamp,
        action: worklog.action,
        warehouse: worklog.warehouse,
        workerName: worklog.workerName,
        durationMinutes: 30,
        quantity: '1.2345',
      },
    },
    { name: 'history: confirmed from the web app', method: 'PATCH', path, body: { status: 'confirmed' }, headers: web, as: 'user' },
    { name: 'history: delivered', method: 'PATCH', path, body: { status: 'delivered' } },
    { name: 'history: back to confirmed with a reason', method: 'PATCH', path, body: { status: 'confirmed', reason: ' Wrong truck. ' } },
    { name: 'history: a write that changes nothing', method: 'PATCH', path, body: { notes: 'Weighed' } },
    history("the waybill's", `${path}history/`),
    history("the waybill's, as its user", `${path}history/`, 'user'),
    history("the waybill's second page of two", `${path}history/?pageSize=2&pageNumber=2`),
    { name: "history: the waybill's page past the end", path: `${path}history/?pageNumber=9` },
    { name: 'history: a bad page size', path: `${path}history/?pageSize=0&pageNumber=x` },
    { name: 'history: an unknown waybill', path: `${w}W-1999-999999/history/` },
    history('a seeded waybill', `${w}${demo.waybills[7]!.number}/history/`),
    { name: 'history: a draft deleted', method: 'DELETE', path: `${w}${draft.number}/` },
    { name: "history: a deleted waybill's, as an ordinary user", path: `${w}${draft.number}/history/`, as: 'user' },
    history("a deleted waybill's, as staff", `${w}${draft.number}/history/`),
    {
      name: "history: a worklog's time and duration changed",
      method: 'PATCH',
      path: `/api/worklogs/${worklog.number}/`,
      body: { timestamp: moved, durationMinutes: worklog.durationMinutes + 5 },
      headers: web,
    },
    history("the worklog's", `/api/worklogs/${worklog.number}/history/`),
    history("an invoice's", `/api/invoices/${demo.invoices[3]!.number}/history/`),
    {
      name: "history: an account's name and password changed",
      method: 'PATCH',
      path: `/api/user/${account.email}/`,
      body: { name: 'Renamed Again', password: 'Metsaveo-koorem-2026' },
    },
    history("the account's", `/api/user/${account.email}/history/`),
    { name: "history: an account's, as an ordinary user", path: `/api/user/${account.email}/history/`, as: 'user' },
    history("a deleted admin assortment type's", `${a}/assortment-types/${newType}/history`),
    history("a deleted admin company's", `${a}/companies/16543210/history/`),
    history("a renamed admin warehouse's", `${a}/warehouses/${warehouse.id}/history`),
    history("a deleted admin worker's", `${a}/workers/${encodeURIComponent('Uus Töötaja')}/history`),
    { name: "history: an admin record's, as an ordinary user", path: `${a}/warehouses/${warehouse.id}/history`, as: 'user' },
    { name: 'history: an unknown admin record', path: `${a}/workers/${encodeURIComponent('Nobody Here')}/history` },
  ];
}

/** Admin records' versions: a read with its version, a stale If-Match on each write, PUT. */
function adminVersionCases(): Case[] {
  const a = '/api/admin';
  const warehouse = demo.warehouses[2]!;
  const company = demo.companies[3]!;
  const worker = demo.workers[4]!;
  const assortment = demo.assortments[1]!.code;
  return [
    { name: 'admin versions: one warehouse', path: `${a}/warehouses/${warehouse.id}` },
    {
      name: 'admin versions: a warehouse changed with its version',
      method: 'PATCH',
      path: `${a}/warehouses/${warehouse.id}`,
      body: { address: 'Sadama 9' },
      headers: { 'if-match': '"1"' },
    },
    {
      name: 'admin versions: a stale If-Match on a warehouse',
      method: 'PATCH',
      path: `${a}/warehouses/${warehouse.id}`,
      body: { address: 'Sadama 10' },
      headers: { 'if-match': '"1"' },
    },
    {
      name: 'admin versions: a stale If-Match on a company, in Estonian',
      method: 'PUT',
      path: `${a}/companies/${company.registryCode}`,
      body: { name: 'Renamed OÜ' },
      headers: { 'if-match': '"4"' },
      locale: 'et',
    },
    {
      name: 'admin versions: a company replaced by PUT',
      method: 'PUT',
      path: `${a}/companies/${company.registryCode}`,
      body: { name: 'Renamed OÜ' },
    },
    { name: 'admin versions: PUT without a required field', method: 'PUT', path: `${a}/companies/${company.registryCode}`, body: {} },
    {
      name: 'admin versions: a stale If-Match on deleting a worker',
      method: 'DELETE',
      path: `${a}/workers/${encodeURIComponent(worker.workerName)}`,
      headers: { 'if-match': 'W/"3"' },
    },
    { name: 'admin versions: an unknown assortment', path: `${a}/assortments/NOPE-NONE` },
    {
      name: 'admin versions: a price with one decimal',
      method: 'PATCH',
      path: `${a}/assortments/${assortment}`,
      body: { unitPrice: '61.5' },
    },
    { name: 'history: the price with one decimal', path: `${a}/assortments/${assortment}/history`, history: true },
    { name: 'history: the company replaced by PUT', path: `${a}/companies/${company.registryCode}/history`, history: true },
  ];
}

/** The documents: a record's PDF or e-invoice that is not there, and sending an invoice (stale, first, twice, confirmed, unknown). */
function documentCases(): Case[] {
  const invoice = demo.invoices[11]!.number;
  return [
    {
      name: 'documents: the PDF of an unknown waybill',
      path: `/api/waybills/${documentNumber(DOCUMENT_NUMBER.waybillPrefix, 2099, 999_999)}/pdf/`,
    },
    {
      name: 'documents: the PDF of an unknown invoice',
      path: `/api/invoices/${documentNumber(DOCUMENT_NUMBER.invoicePrefix, 2099, 999_999)}/pdf/`,
      locale: 'et',
    },
    {
      name: 'documents: the e-invoice of an unknown invoice',
      path: `/api/invoices/${documentNumber(DOCUMENT_NUMBER.invoicePrefix, 2099, 999_999)}/einvoice/`,
    },
    {
      name: 'documents: sending an unknown invoice',
      method: 'POST',
      path: `/api/invoices/${documentNumber(DOCUMENT_NUMBER.invoicePrefix, 2099, 999_999)}/send/`,
    },
    {
      name: 'documents: sending without If-Match sends nothing',
      method: 'POST',
      path: `/api/invoices/${invoice}/send/`,
      as: 'user',
      noVersion: true,
    },
    {
      name: 'documents: sending with a stale If-Match sends nothing',
      method: 'POST',
      path: `/api/invoices/${invoice}/send/`,
      headers: { 'if-match': '"99"' },
      as: 'user',
      locale: 'et',
    },
    { name: 'documents: sending an invoice to its customer', method: 'POST', path: `/api/invoices/${invoice}/send/`, as: 'user' },
    { name: 'documents: sending it again asks first', method: 'POST', path: `/api/invoices/${invoice}/send/`, as: 'user' },
    { name: 'documents: sending it again asks first, in Estonian', method: 'POST', path: `/api/invoices/${invoice}/send/`, locale: 'et' },
    { name: 'documents: sending it again, confirmed', method: 'POST', path: `/api/invoices/${invoice}/send/?force=true` },
  ];
}

/** The waybill list's EVR filters with values the demo data holds (a claim is one item of a list field). */
const evrFilterCases = (): Case[] =>
  [
    'holdingBasisType=SalesContract,InventoryAct',
    'certificateClaim=FSCMIX',
    'certificateClaim=FSCCW&certificateClaim=FSCRECYCLED',
    'hasEudrNumber=true&statusIn=draft',
    'hasEudrNumber=false&sort=-number',
    'evrState=notSent&statusIn=confirmed',
    'evrState=failed,sending',
    'evrState=shipping&evrState=unloaded',
    'evrState=lost',
    'evrMeasuredOff=true',
    'evrMeasuredOff=false&statusIn=delivered',
  ].map((query) => ({ name: `waybills EVR filter: ${query}`, path: `/api/waybills/?${query}`, key: 'number' }));

const CASES: Case[] = [
  ...(Object.entries(LISTS) as [ListName, ListContract][]).flatMap(([name, list]) => listCases(name, list)),
  ...evrFilterCases(),
  ...documentCases(),
  ...otherCases(),
  ...writeCases(),
  ...adminCases(),
  ...historyCases(),
  ...adminVersionCases(),
];

// Fields the two sides set from their own clocks when a request writes, and sign-in times always.
const CLOCK_FIELDS = new Set(['createdAt', 'lastModifiedAt', 'dateJoined', 'sentAt']);

/** What must be equal: status; for lists count, keys in order, the rows' fields and paging links; for errors the whole body. */
async function summarise(response: Response, testCase: Case, written: boolean): Promise<unknown> {
  const text = await response.text();
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
  // A 412 names when the record changed: after a write on each side, at each side's own time.
  if (response.status === 412 && body) {
    const current = Object.fromEntries(
      Object.entries(body.current as object).filter(([name]) => name !== 'lastLogin' && !CLOCK_FIELDS.has(name)),
    );
    return { status: 412, body: { detail: withoutTime(String(body.detail)), current } };
  }
  // A second sending's 409 names when the invoice was sent: at each side's own time.
  if (response.status === 409 && body && typeof body.detail === 'string') {
    return { status: 409, body: { ...body, detail: withoutTime(body.detail) } };
  }
  if (response.status >= 400 || !body) return { status: response.status, body };
  if (testCase.history) {
    return {
      status: response.status,
      count: body.count,
      next: body.next !== null,
      previous: body.previous !== null,
      results: (body.results as object[]).map((entry) =>
        Object.fromEntries(Object.entries(entry).filter(([name]) => name !== 'id' && name !== 'at')),
      ),
    };
  }
  if (Array.isArray(body.results)) {
    return {
      status: response.status,
      count: body.count,
      keys: (body.results as object[]).map((row) => get(row, testCase.key ?? '')),
      // The fields a row carries (a waybill list row leaves out the detail's: WAYBILL_DETAIL_FIELDS).
      fields: [...new Set((body.results as object[]).flatMap((row) => Object.keys(row)))].sort(),
      next: body.next !== null,
      previous: body.previous !== null,
    };
  }
  const record = Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'lastLogin' && !(written && CLOCK_FIELDS.has(name))));
  return { status: response.status, body: record };
}

const parity = setUpParityServer({ reset: resetMockDb, signInToMocks: true });

const requestInit = (testCase: Case, version?: string): RequestInit => ({
  method: testCase.method ?? 'GET',
  headers: {
    'accept-language': testCase.locale ?? 'en',
    authorization: `Bearer ${parity.tokens[testCase.as ?? 'staff'] ?? ''}`,
    ...(testCase.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(version === undefined ? {} : { 'if-match': version }),
    ...testCase.headers,
  },
  body: testCase.body === undefined ? undefined : JSON.stringify(testCase.body),
});

/** The version a write sends unless the case names one or none: the one the server has now. */
const versionFor = async (testCase: Case): Promise<string | undefined> =>
  isVersionedWrite(testCase.method ?? 'GET', testCase.path) && !testCase.noVersion && testCase.headers?.['if-match'] === undefined
    ? versionRead(parity, testCase.path, `Bearer ${parity.tokens[testCase.as ?? 'staff'] ?? ''}`)
    : undefined;

describe('the mocks answer as the server', () => {
  it.each(CASES.map((testCase) => [testCase.name, testCase] as const))('%s', async (_name, testCase) => {
    const written = (testCase.method ?? 'GET') !== 'GET';
    const version = await versionFor(testCase);
    const [real, mocked] = await askBoth(parity, testCase.path, () => requestInit(testCase, version));
    const answer = (await summarise(real, testCase, written)) as { keys?: unknown[] };
    expect(await summarise(mocked, testCase, written)).toEqual(answer);
    for (const key of testCase.finds ?? []) expect(answer.keys).toContain(key);
  });
});
