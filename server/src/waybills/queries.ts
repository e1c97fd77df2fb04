import { sql, type RawBuilder } from 'kysely';
import { EVR_MEASUREMENT_TOLERANCE_PERCENT, orderParts, WAYBILL_LIST } from '@timberlog/contract';
import { defineSpec, givenFilters, searchFold, searchLike, searchTerm, sortParts, whereClause, type Cond } from '../list/index.js';

const isDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isMonthStart = (v: unknown) => isDate(v) && v.endsWith('-01');
const isMonthEnd = (v: unknown) => {
  if (!isDate(v)) return false;
  const [y, m, d] = v.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).getUTCDate() === 1;
};

/**
 * The search term when `q` is a search alone whose term has no space: the matches are then the
 * waybills whose text past the number matches, plus those whose number matches and text does not
 * (a term without a space cannot span the space between them), and the texts' kept counts and
 * sums answer for the first part (countSearch, searchSums). Undefined otherwise.
 */
function searchAlone(q: Readonly<Record<string, unknown>>): string | undefined {
  const given = givenFilters(WAYBILL_LIST, q);
  const term = searchTerm(q);
  return given.length === 1 && given[0] === 'search' && !term.includes(' ') ? term : undefined;
}

/** The field the query's order sorts by first, either way. */
const firstSortField = (q: Readonly<Record<string, unknown>>) => orderParts(WAYBILL_LIST, sortParts(q.sort))[0]?.replace(/^-/, '');

/** The search texts past the number that hold `term`: their keys and how many waybills carry each (`011_waybill_search.sql`). */
const textsHolding = (term: string) => sql`SELECT key, n FROM waybill_texts WHERE ${searchLike('doc', term)}`;

/** The waybills whose number holds `term` and whose text past it does not (a term without a space matches one or the other). */
const numbersOnlyHolding = (term: string, what: RawBuilder<unknown>) =>
  sql`SELECT ${what} FROM waybills b WHERE ${searchLike(searchFold('b.number'), term)} AND NOT ${searchLike('waybill_text(b)', term)}`;

/**
 * The sums per assortment (n, q, mileage) of a search alone: the kept sums of the matching texts
 * (`waybill_text_sums`, 029) plus the waybills whose number matches and text does not; undefined
 * when searchAlone does not answer.
 */
export function searchSums(q: Readonly<Record<string, unknown>>) {
  const term = searchAlone(q);
  if (term === undefined) return undefined;
  return sql`SELECT assortment, sum(n) AS n, sum(quantity) AS q, sum(mileage) AS mileage FROM waybill_text_sums
      WHERE key IN (SELECT key FROM (${textsHolding(term)}) t) GROUP BY assortment
    UNION ALL
    SELECT assortment, count(*), sum(quantity), sum(mileage) FROM (${numbersOnlyHolding(term, sql`b.assortment, b.quantity, b.mileage`)}) m GROUP BY assortment`;
}

/**
 * A search alone, its matches found once for the count and the page (ListSpec.searchFound): the
 * matching texts past the number (`waybill_texts`) and the waybills whose number matches and text
 * does not, each kept as the statement runs. The count sums them; in date order (either way) the
 * page's candidates are their waybills' dates and numbers, read from the index on the text key (050)
 * without the waybills themselves (docs/decisions/0024). Undefined when searchAlone does not answer.
 */
function searchFound(q: Readonly<Record<string, unknown>>) {
  const term = searchAlone(q);
  if (term === undefined) return undefined;
  const byDate = firstSortField(q) === 'transportDate';
  return {
    with: sql`search_texts AS MATERIALIZED (${textsHolding(term)}),
      search_numbers AS MATERIALIZED (${numbersOnlyHolding(term, sql`b.number, b.transport_date`)})`,
    count: sql`SELECT (SELECT coalesce(sum(n), 0) FROM search_texts) + (SELECT count(*) FROM search_numbers) AS count`,
    matches: byDate
      ? sql`SELECT b.number, b.transport_date FROM waybills b WHERE b.text_key = ANY(ARRAY(SELECT DISTINCT key FROM search_texts))
          UNION ALL SELECT number, transport_date FROM search_numbers`
      : undefined,
    // A waybill met on the walk matches when its text key is a matching text's or its number a
    // matching number: in date order both come from the date index with the text key beside it
    // (055), without the waybill itself (docs/decisions/0026).
    walk: sql`(b.text_key IN (SELECT key FROM search_texts) OR b.number IN (SELECT number FROM search_numbers))`,
  };
}

/**
 * The exact count of a search alone, from the distinct search texts past the number and how many
 * waybills carry each (`011_waybill_search.sql`), plus the waybills whose number matches and text
 * does not. A term without a space cannot span the space between number and text, so the two
 * parts cover every match once; a term with one, or a filter beside the search, is counted over
 * the waybills (undefined).
 */
function countSearch(q: Readonly<Record<string, unknown>>) {
  const term = searchAlone(q);
  if (term === undefined) return undefined;
  // Two aggregates in FROM, so the statement reads each once wherever it refers to the count.
  return sql`SELECT texts.n + numbers.n AS count
    FROM (SELECT coalesce(sum(n), 0) AS n FROM (${textsHolding(term)}) t) texts,
         (SELECT count(*) AS n FROM (${numbersOnlyHolding(term, sql`1`)}) m) numbers`;
}

/** The kept bucket tables: per status and month (007), and assortment too (028), or a place too (057). */
type BucketTable = 'waybill_counts' | 'waybill_sums' | 'waybill_place_counts';
/** The place filters `waybill_place_counts` (057) counts by, each row once per filter, its `field`. */
const PLACE_FILTERS = ['origin', 'destination', 'destinationCompany'] as const satisfies readonly (keyof typeof WAYBILL_LIST.filters)[];

/**
 * The conditions on the kept buckets (`waybill_counts`, 007, `waybill_sums`, 028, and
 * `waybill_place_counts`, 057, each per status and transport month) that select exactly the
 * waybills `q` selects, when its only filters are the status ones and transport date bounds on
 * whole months, and for `waybill_sums` (also per assortment) the assortment, for
 * `waybill_place_counts` (also per place) one place filter, which it needs; undefined otherwise,
 * so the rows are read.
 */
export function bucketConds(q: Readonly<Record<string, unknown>>, table: BucketTable): Cond[] | undefined {
  const conds: Cond[] = [];
  let place = false;
  for (const name of givenFilters(WAYBILL_LIST, q)) {
    const v = q[name];
    if (name === 'status' && typeof v === 'string') conds.push(sql`status = ${v}`);
    else if (name === 'statusIn' && Array.isArray(v)) conds.push(sql`status = ANY(${v})`);
    else if (name === 'transportDateAfter' && isMonthStart(v)) conds.push(sql`month >= ${v}::date`);
    else if (name === 'transportDateBefore' && isMonthEnd(v)) conds.push(sql`month <= ${v}::date`);
    else if (name === 'assortment' && table === 'waybill_sums' && Array.isArray(v)) conds.push(sql`assortment = ANY(${v})`);
    else if (table === 'waybill_place_counts' && !place && (PLACE_FILTERS as readonly string[]).includes(name) && Array.isArray(v)) {
      conds.push(sql`field = ${name}`, sql`value = ANY(${v})`);
      place = true;
    } else return undefined;
  }
  return table === 'waybill_place_counts' && !place ? undefined : conds;
}

/** The exact count from `waybill_counts` when bucketConds answers; undefined otherwise. */
function countFromBuckets(q: Readonly<Record<string, unknown>>) {
  const conds = bucketConds(q, 'waybill_counts');
  return conds && sql`SELECT coalesce(sum(n), 0) AS count FROM waybill_counts ${whereClause(conds)}`;
}

/**
 * The exact count from whichever kept buckets answer the query: `waybill_counts`, else an
 * assortment's (`waybill_sums`) or a place's (`waybill_place_counts`); undefined otherwise, so the
 * rows are counted (a count kept per filter and version, list/run.ts).
 */
function countFromAnyBuckets(q: Readonly<Record<string, unknown>>) {
  const counted = countFromBuckets(q);
  if (counted) return counted;
  for (const table of ['waybill_sums', 'waybill_place_counts'] as const) {
    const conds = bucketConds(q, table);
    if (conds) return sql`SELECT coalesce(sum(n), 0) AS count FROM ${sql.table(table)} ${whereClause(conds)}`;
  }
  return undefined;
}

/**
 * The counter table answers the count exactly (the filters countFromBuckets takes) and a date bound
 * is among them: the page is planned once for every value (ctx.plannedOnce), and runList picks
 * between walking the sort order and sorting the matches by the exact count (docs/decisions/0015,
 * 0024). Statuses alone need no choice: their walk tests the status from the date index.
 */
function countChoosesWay(q: Readonly<Record<string, unknown>>): boolean {
  return countFromBuckets(q) !== undefined && (q.transportDateAfter !== undefined || q.transportDateBefore !== undefined);
}

/**
 * The version of the waybills in the buckets the query's filters select whole (bucketConds), when
 * a date bound is among them (countChoosesWay), so they are a few months' buckets: the sum of
 * their changes (056_waybill_bucket_changes.sql). A list's positions are kept with it, so a write
 * to waybills of other statuses or months leaves them usable (docs/decisions/0030). Other filters
 * take the table's version: statuses alone cover most of the table's writes, and their buckets
 * are every month's.
 */
function filterVersion(q: Readonly<Record<string, unknown>>) {
  if (!countChoosesWay(q)) return undefined;
  const conds = bucketConds(q, 'waybill_counts');
  return conds && sql`SELECT coalesce(sum(changes), 0) FROM waybill_counts ${whereClause(conds)}`;
}

/**
 * One status within dates, or dates alone, by date or by mileage (either way): an index holds the
 * sort's column, the date and the number (leading with the status for one), so a walk of it reads
 * only the matches, in order: by date waybills_status_idx (009) for a status,
 * waybills_transport_date_status_idx (048) for dates alone, a range of it; by mileage
 * waybills_status_mileage_idx (047) and waybills_mileage_date_idx (052), skipping through each
 * mileage to the dates (docs/decisions/0024, 0027). Asked only when countChoosesWay.
 */
function walksOnlyMatches(q: Readonly<Record<string, unknown>>): boolean {
  const first = firstSortField(q);
  return (
    q.statusIn === undefined &&
    (q.status === undefined || typeof q.status === 'string') &&
    (first === 'mileage' || first === 'transportDate')
  );
}

/**
 * No filter but statuses, or a search alone: the best page comes from walking the sort order's
 * index (testing the status from it) or, for a search, by the count's choice between the walk and
 * the matches (runList), whatever the values. Other filters choose between a rare value's own index
 * and the walk by their values, so they are planned for them (docs/decisions/0024).
 */
function planOnce(q: Readonly<Record<string, unknown>>): boolean {
  const given = givenFilters(WAYBILL_LIST, q);
  return given.every((name) => name === 'status' || name === 'statusIn') || searchAlone(q) !== undefined;
}

/**
 * A timestamp as the API writes it (ISO 8601 in UTC to the millisecond, `Z`: Date#toISOString, and
 * infra/db.ts's parseTimestamp), as text: a page's rows are JSON written by the database (runListJson).
 */
const apiTimestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The EVR fields (035_waybill_evr_fields.sql) a list row carries: all but the contract's WAYBILL_DETAIL_FIELDS. */
const EVR_LIST_SELECT = `b.owner_company AS "ownerCompany",
    (SELECT oc.name FROM companies oc WHERE oc.registry_code = b.owner_company) AS "ownerCompanyName",
    b.owner_person_name AS "ownerPersonName",
    b.transporter_company AS "transporterCompany",
    (SELECT tc.name FROM companies tc WHERE tc.registry_code = b.transporter_company) AS "transporterCompanyName",
    ${apiTimestamp('b.departure_time')} AS "departureTime", b.holding_basis_type AS "holdingBasisType",
    b.cadastral_number AS "cadastralNumber", b.certificate_claims AS "certificateClaims", b.eudr_reference_number AS "eudrReferenceNumber",
    b.evr_number AS "evrNumber", b.evr_status AS "evrStatus", b.evr_sync AS "evrSync", b.evr_failure AS "evrFailure",
    b.evr_measured_quantity::text AS "evrMeasuredQuantity"`;

/** The EVR fields only a waybill's own answer carries (its detail, and every write's answer). */
const EVR_DETAIL_SELECT = `b.owner_person_code AS "ownerPersonCode",
    b.driver_id_code AS "driverIdCode", b.driver_phone AS "driverPhone", b.trailer_number AS "trailerNumber",
    b.gross_mass::text AS "grossMass", b.compartment, b.forest_allocation_number AS "forestAllocationNumber",
    b.forest_notification_number AS "forestNotificationNumber", b.contract_number AS "contractNumber", b.contract_date AS "contractDate",
    b.previous_owner_name AS "previousOwnerName", b.previous_owner_code AS "previousOwnerCode", b.previous_owner_address AS "previousOwnerAddress",
    b.eudr_verification_number AS "eudrVerificationNumber",
    CASE WHEN b.evr_failure IN ('invalid', 'refused') THEN b.evr_error END AS "evrError", ${apiTimestamp('b.evr_exchanged_at')} AS "evrExchangedAt",
    b.evr_measurement || jsonb_build_object('measurerName', (SELECT mc.name FROM companies mc WHERE mc.registry_code = b.evr_measurement ->> 'measurerCode')) AS "evrMeasurement", b.evr_notes AS "evrNotes"`;

/**
 * The EVR fields as the report writes them: a party's name (a company's, or a private owner's),
 * the claims as one text of codes with their certificates (`FSCMIX (NC-COC-012345), PEFC`).
 */
const EVR_REPORT_SELECT = `b.owner_company AS "ownerCompany",
    coalesce((SELECT oc.name FROM companies oc WHERE oc.registry_code = b.owner_company), b.owner_person_name) AS "ownerName",
    b.owner_person_code AS "ownerPersonCode", b.transporter_company AS "transporterCompany",
    (SELECT tc.name FROM companies tc WHERE tc.registry_code = b.transporter_company) AS "transporterCompanyName",
    b.driver_id_code AS "driverIdCode", b.trailer_number AS "trailerNumber", b.departure_time AS "departureTime",
    b.gross_mass::text AS "grossMass", b.holding_basis_type AS "holdingBasisType", b.cadastral_number AS "cadastralNumber",
    b.contract_number AS "contractNumber", b.forest_notification_number AS "forestNotificationNumber",
    (SELECT string_agg((c ->> 'code') || coalesce(' (' || (c ->> 'number') || ')', ''), ', ')
       FROM jsonb_array_elements(b.certificate_claims) c) AS "certificateClaims",
    b.eudr_reference_number AS "eudrReferenceNumber", b.eudr_verification_number AS "eudrVerificationNumber"`;

/**
 * A list row's fields (the list schema, WaybillListItem: the waybill less the contract's
 * WAYBILL_DETAIL_FIELDS); a waybill's own answer has these and EVR_DETAIL_SELECT's. The server test
 * waybill-list-json holds both to their schemas, field by field.
 */
const LIST_SELECT = `b.number, b.status, b.transport_date AS "transportDate",
    b.origin, (SELECT wo.name FROM warehouses wo WHERE wo.origin_code = b.origin) AS "originName",
    b.destination, (SELECT wd.name FROM warehouses wd WHERE wd.destination_code = b.destination) AS "destinationName",
    b.destination_company AS "destinationCompany", (SELECT dc.name FROM companies dc WHERE dc.registry_code = b.destination_company) AS "destinationCompanyName",
    b.driver_name AS "driverName", b.vehicle_number AS "vehicleNumber", b.mileage,
    b.assortment, (SELECT a.name FROM assortments a WHERE a.code = b.assortment) AS "assortmentName", b.quantity::text AS quantity,
    (SELECT a.unit FROM assortments a WHERE a.code = b.assortment) AS unit, b.invoice, b.notes, b.created_by AS "createdBy",
    (SELECT u.name FROM users u WHERE u.email = b.created_by) AS "createdByName", ${apiTimestamp('b.created_at')} AS "createdAt", ${apiTimestamp('b.last_modified_at')} AS "lastModifiedAt", b.version, ${EVR_LIST_SELECT}`;

export const waybillSpec = defineSpec({
  list: WAYBILL_LIST,
  // A page takes its names from scalar subqueries, not joins: a one-table query plans in a
  // seventh of the time the five-table join took (0.35 against 2.5 ms, more than running the
  // page), and PostgreSQL evaluates them only for the rows of the page, after the LIMIT.
  from: sql`waybills b`,
  select: sql.raw(`${LIST_SELECT}, ${EVR_DETAIL_SELECT}`),
  listSelect: sql.raw(LIST_SELECT),
  // An export reads up to every row: hash joins beat five index lookups per row there.
  bulk: {
    from: sql`waybills b
      JOIN warehouses wo ON wo.origin_code = b.origin
      JOIN warehouses wd ON wd.destination_code = b.destination
      JOIN companies dc ON dc.registry_code = b.destination_company
      JOIN assortments a ON a.code = b.assortment`,
    select:
      sql.raw(`b.number, b.status, b.transport_date AS "transportDate", b.origin, wo.name AS "originName", b.destination, wd.name AS "destinationName",
      b.destination_company AS "destinationCompany", dc.name AS "destinationCompanyName", b.driver_name AS "driverName", b.vehicle_number AS "vehicleNumber",
      b.mileage, b.assortment, a.name AS "assortmentName", b.quantity::text AS quantity, a.unit, b.invoice, b.notes, b.created_by AS "createdBy",
      b.created_at AS "createdAt", b.last_modified_at AS "lastModifiedAt", ${EVR_REPORT_SELECT}`),
  },
  columns: {
    number: 'b.number',
    status: 'b.status',
    transportDate: 'b.transport_date',
    origin: 'b.origin',
    destination: 'b.destination',
    destinationCompany: 'b.destination_company',
    driverName: 'b.driver_name',
    vehicleNumber: 'b.vehicle_number',
    mileage: 'b.mileage',
    assortment: 'b.assortment',
    quantity: 'b.quantity',
    invoice: 'b.invoice',
    createdAt: 'b.created_at',
    lastModifiedAt: 'b.last_modified_at',
    holdingBasisType: 'b.holding_basis_type',
    eudrReferenceNumber: 'b.eudr_reference_number',
  },
  custom: {
    // The contract's measuredOff: only measured waybills answer either way.
    evrMeasuredOff: (value, { evrTolerancePercent = EVR_MEASUREMENT_TOLERANCE_PERCENT }) =>
      typeof value === 'boolean'
        ? sql`(b.evr_measured_quantity IS NOT NULL AND (abs(b.evr_measured_quantity - b.quantity) * 100 > b.quantity * ${evrTolerancePercent}) = ${value})`
        : undefined,
    // The contract's evrStateOf, as the expression migration 039 indexes.
    evrState: (value) =>
      Array.isArray(value) && value.length > 0
        ? sql`coalesce(b.evr_sync, b.evr_status, 'notSent') = ANY(${value.map(String)}::text[])`
        : undefined,
    // Any of the claims: one containment test per code, each answered by the claims' GIN index (035).
    certificateClaim: (value) =>
      Array.isArray(value) && value.length > 0
        ? sql`(${sql.join(
            value.map((code) => sql`b.certificate_claims @> ${JSON.stringify([{ code: String(code) }])}::jsonb`),
            sql` OR `,
          )})`
        : undefined,
  },
  searchColumns: { notes: 'b.notes' },
  tiebreak: 'b.number',
  // Never null, and given back exactly by a page's row (the quantity as its decimal text; not the
  // timestamps, which a row gives to the millisecond): a page in their order starts from a kept
  // position (list/positions.ts).
  seekable: {
    number: 'text',
    status: 'text',
    transportDate: 'date',
    origin: 'text',
    destination: 'text',
    destinationCompany: 'text',
    driverName: 'text',
    vehicleNumber: 'text',
    mileage: 'integer',
    assortment: 'text',
    quantity: 'numeric',
  },
  keysFirst: true,
  counter: (q) => countSearch(q) ?? countFromAnyBuckets(q),
  countChoosesWay,
  walksOnlyMatches,
  planOnce,
  searchFound,
  table: { name: 'waybills', as: 'b' },
  // Every waybill filter reads the waybills alone, so their version (010_waybill_versions.sql)
  // tells when a kept count still holds.
  version: sql`SELECT coalesce(sum(v), 0) FROM waybill_versions`,
  filterVersion,
  // A page shows the names of its warehouses, companies, assortment and creator too (027_waybill_page_versions.sql, 054).
  pageVersion: sql`SELECT (SELECT coalesce(sum(v), 0) FROM waybill_versions)::text || '.' || (SELECT coalesce(sum(v), 0) FROM waybill_reference_versions)::text`,
});
