import { sql } from 'kysely';
import { CERTIFICATE_CLAIMS, EVR_STATUSES, HOLDING_BASIS_TYPES, INCOMING_WAYBILL_LIST, LIMITS, UNITS } from '@timberlog/contract';
import type { App } from '../infra/context.js';
import { errors, listQuery, Nullable, page, ref, StrEnum, Timestamp, Type } from '../http/schema.js';
import { defineSpec, findOne, runList } from '../list/index.js';
import { withEtag } from '../records/versions.js';
import { HistoryPage, HistoryQuery, readHistory } from '../history/routes.js';
import { EvrMeasurement, EvrNote } from '../waybills/schemas.js';

const Party = Type.Object({ name: Type.String(), code: Type.String({ description: 'Registry code, or a private person’s ID code.' }) });

export const IncomingWaybill = Type.Object(
  {
    evrNumber: Type.String({ description: "The waybill's number in EVR." }),
    evrStatus: StrEnum(EVR_STATUSES),
    owner: Party,
    transporter: Nullable(Party),
    driverName: Nullable(Type.String()),
    driverIdCode: Nullable(Type.String()),
    driverPhone: Nullable(Type.String()),
    vehicleNumber: Nullable(Type.String()),
    trailerNumber: Nullable(Type.String()),
    departureTime: Nullable(Timestamp()),
    placeOfDelivery: Type.Object({ code: Nullable(Type.String({ description: "EVR's place-of-delivery code." })), name: Type.String() }),
    destination: Nullable(
      Type.String({ description: 'Our warehouse the load comes to (its destination code), when the place of delivery is one of ours.' }),
    ),
    destinationName: Nullable(Type.String()),
    sourceName: Nullable(Type.String({ description: 'Where the timber was loaded: the land unit or storage, as EVR names it.' })),
    holdingBasisType: Nullable(StrEnum(HOLDING_BASIS_TYPES)),
    cadastralNumber: Nullable(Type.String()),
    items: Type.Array(
      Type.Object({
        assortment: Nullable(Type.String()),
        name: Nullable(Type.String()),
        amount: Type.Number(),
        unitCode: Nullable(Type.String()),
      }),
    ),
    quantity: Nullable(
      Type.String({ description: 'The load in `unit`, when every item is in one of our units; else null.', examples: ['27.350'] }),
    ),
    unit: Nullable(StrEnum(UNITS)),
    certificateClaims: Type.Array(Type.Object({ code: StrEnum(CERTIFICATE_CLAIMS), number: Nullable(Type.String()) })),
    eudrReferenceNumber: Nullable(Type.String()),
    eudrVerificationNumber: Nullable(Type.String()),
    comment: Nullable(Type.String()),
    evrNotes: Type.Array(EvrNote),
    totalJourneyMileage: Nullable(Type.Integer()),
    evrMeasurement: Nullable(EvrMeasurement),
    evrMeasuredQuantity: Nullable(Type.String({ description: 'The measured total in `unit`, when EVR measured in it.' })),
    createdInEvr: Nullable(Timestamp()),
    unloadedAt: Nullable(Timestamp()),
    finishedAt: Nullable(Timestamp()),
    cancelledAt: Nullable(Timestamp()),
    cancellationReason: Nullable(Type.String()),
    createdAt: Timestamp(),
    lastModifiedAt: Timestamp(),
    version: Type.Integer(),
  },
  { $id: 'IncomingWaybill', title: 'IncomingWaybill' },
);
export const IncomingWaybillPage = page(Type.Ref('IncomingWaybill'), 'IncomingWaybillPage');
export const IncomingWaybillListQuery = listQuery(INCOMING_WAYBILL_LIST, 'IncomingWaybillListQuery');
export const incomingSchemas = [IncomingWaybill, IncomingWaybillPage];

const NumberParams = Type.Object({
  number: Type.String({ minLength: 1, maxLength: LIMITS.shortTextMaxLength, description: "The waybill's number in EVR." }),
});

const ts = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export const incomingSpec = defineSpec({
  list: INCOMING_WAYBILL_LIST,
  from: sql`evr_incoming i LEFT JOIN warehouses w ON w.destination_code = i.destination`,
  select: sql.raw(`i.evr_number AS "evrNumber", i.evr_status AS "evrStatus",
    json_build_object('name', i.owner_name, 'code', i.owner_code) AS owner,
    CASE WHEN i.transporter_code IS NULL THEN NULL ELSE json_build_object('name', coalesce(i.transporter_name, ''), 'code', i.transporter_code) END AS transporter,
    i.driver_name AS "driverName", i.driver_id_code AS "driverIdCode", i.driver_phone AS "driverPhone",
    i.vehicle_number AS "vehicleNumber", i.trailer_number AS "trailerNumber", ${ts('i.departure_time')} AS "departureTime",
    json_build_object('code', i.place_code, 'name', i.place_name) AS "placeOfDelivery",
    i.destination, w.name AS "destinationName", i.source_name AS "sourceName", i.holding_basis_type AS "holdingBasisType",
    i.cadastral_number AS "cadastralNumber", i.items, i.quantity::text AS quantity, i.unit, i.certificate_claims AS "certificateClaims",
    i.eudr_reference_number AS "eudrReferenceNumber", i.eudr_verification_number AS "eudrVerificationNumber", i.comment,
    i.evr_notes AS "evrNotes", i.total_journey_mileage AS "totalJourneyMileage", i.evr_measurement AS "evrMeasurement",
    i.evr_measured_quantity::text AS "evrMeasuredQuantity", ${ts('i.created_in_evr')} AS "createdInEvr",
    ${ts('i.unloaded_at')} AS "unloadedAt", ${ts('i.finished_at')} AS "finishedAt", ${ts('i.cancelled_at')} AS "cancelledAt",
    i.cancellation_reason AS "cancellationReason", ${ts('i.created_at')} AS "createdAt", ${ts('i.last_modified_at')} AS "lastModifiedAt",
    i.version`),
  columns: {
    departureTime: 'i.departure_time',
    evrNumber: 'i.evr_number',
    evrStatus: 'i.evr_status',
    destination: 'i.destination',
    createdAt: 'i.created_at',
    lastModifiedAt: 'i.last_modified_at',
  },
  searchColumns: {
    ownerName: 'i.owner_name',
    driverName: "coalesce(i.driver_name, '')",
    vehicleNumber: "coalesce(i.vehicle_number, '')",
    cadastralNumber: "coalesce(i.cadastral_number, '')",
  },
  tiebreak: 'i.evr_number',
});

/** Incoming waybills: EVR's loads addressed to us that others started, read-only (incoming.ts). */
export async function incomingRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['evr'];
  const get = (number: string) => findOne(db, incomingSpec, sql`i.evr_number = ${number}`);

  app.get(
    '/evr/incoming',
    {
      schema: {
        operationId: 'listIncomingWaybills',
        summary: 'List incoming waybills',
        description:
          'Any signed-in user. Loads in EVR addressed to us as receiver that another company started (a forest owner, a supplier, a carrier), as EVR last answered: read by the EVR poller, never edited here.',
        tags,
        querystring: IncomingWaybillListQuery,
        response: { 200: ref(IncomingWaybillPage), ...errors(400, 401, 404) },
      },
    },
    async (request) => runList(db, request, incomingSpec, request.query) as Promise<never>,
  );

  app.get(
    '/evr/incoming/:number',
    {
      schema: {
        operationId: 'getIncomingWaybill',
        summary: 'Get an incoming waybill',
        description: 'Any signed-in user. One incoming waybill by its EVR number, with its notes and the latest measurement act.',
        tags,
        params: NumberParams,
        response: { 200: ref(IncomingWaybill), ...errors(401, 404) },
      },
    },
    async (request, reply) => withEtag(reply, (await get(request.params.number)) as { version: number }) as never,
  );

  app.get(
    '/evr/incoming/:number/history',
    {
      schema: {
        operationId: 'incomingWaybillHistory',
        summary: 'The history of an incoming waybill',
        description: 'Any signed-in user. Every change EVR brought, newest first, each field before and after.',
        tags,
        params: NumberParams,
        querystring: HistoryQuery,
        response: { 200: ref(HistoryPage), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const exists = await db
        .selectFrom('evrIncoming')
        .select('evrNumber')
        .where('evrNumber', '=', request.params.number)
        .executeTakeFirst();
      return readHistory(db, request, 'incoming_waybill', request.params.number, Boolean(exists)) as Promise<never>;
    },
  );
}
