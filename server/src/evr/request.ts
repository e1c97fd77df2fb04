import { sql } from 'kysely';
import { eudrComment, evrUnitCode, LEST97, type HoldingBasisType } from '@timberlog/contract';
import type { DB } from '../infra/db.js';

/**
 * Our waybill as EVR's StartWaybillRequest (pyevr's JSON names; the field tables of pyevr/docs are
 * vendored in test/fixtures/pyevr and the tests check this mapping against them). One shipment: a
 * waybill carries one assortment from one origin under one holding basis.
 */

/** What the start request is built from: the waybill with its parties, places and assortment. */
export interface StartSource {
  readonly number: string;
  readonly departureTime: Date | string;
  readonly notes: string;
  readonly driverName: string;
  readonly driverIdCode: string | null;
  readonly driverPhone: string | null;
  readonly vehicleNumber: string;
  readonly trailerNumber: string | null;
  readonly grossMass: string | null;
  readonly quantity: string;
  readonly eudrReferenceNumber: string | null;
  readonly eudrVerificationNumber: string | null;
  readonly holdingBasisType: HoldingBasisType | null;
  readonly cadastralNumber: string | null;
  readonly compartment: string | null;
  readonly forestAllocationNumber: string | null;
  readonly forestNotificationNumber: string | null;
  readonly contractNumber: string | null;
  readonly contractDate: Date | string | null;
  readonly previousOwnerName: string | null;
  readonly previousOwnerCode: string | null;
  readonly previousOwnerAddress: string | null;
  readonly certificateClaims: readonly { code: string; number?: string | null }[];
  readonly owner: { readonly name: string; readonly code: string; readonly address: string; readonly parts: AddressParts | null };
  readonly transporter: { readonly name: string; readonly code: string };
  readonly receiver: { readonly name: string; readonly code: string; readonly address: string; readonly parts: AddressParts | null };
  readonly origin: Place;
  readonly destination: Place & { readonly evrPlaceCode: string | null };
  readonly assortment: { readonly code: string; readonly name: string; readonly unit: string; readonly productGroup: string };
}

interface Place {
  readonly name: string;
  readonly address: string;
  readonly county: string | null;
  readonly city: string | null;
  readonly street: string | null;
  readonly coordX: string | null;
  readonly coordY: string | null;
}

/** EVR's Address from a place's parts, or a free-text address (`street, city, county`) split at its commas. */
/** An address in EVR's parts, each null where the one-line address says it. */
type AddressParts = { county?: string | null; city?: string | null; street?: string | null };

export function evrAddress(parts: AddressParts, text: string) {
  const [street = '', city = '', county = ''] = text.split(',').map((part) => part.trim());
  return {
    countryCode: 'EST',
    county: parts.county || county || city || street,
    city: parts.city || city || street,
    street: parts.street || street,
  };
}

const coordinates = (place: Place) =>
  place.coordX !== null && place.coordY !== null ? { x: Number(place.coordX), y: Number(place.coordY), epsg: LEST97.epsg } : undefined;

const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());
const omitEmpty = <T extends Record<string, unknown>>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined && v !== '')) as T;

/** The holding basis as EVR's HoldingBase: the type and the fields that type carries. */
function holdingBase(w: StartSource): Record<string, unknown> {
  const contract = {
    contractNumber: w.contractNumber,
    contractDate: w.contractDate === null ? null : iso(w.contractDate),
  };
  const land = { cadaster: w.cadastralNumber, compartment: w.compartment, forestAllocationNumber: w.forestAllocationNumber };
  switch (w.holdingBasisType) {
    case 'ForestNotice':
      return omitEmpty({ type: w.holdingBasisType, ...land, number: w.forestNotificationNumber });
    case 'WithoutForestNotice':
      return omitEmpty({ type: w.holdingBasisType, ...land });
    case 'SalesContract':
    case 'ContractForTransferOfCuttingRights':
      return omitEmpty({
        type: w.holdingBasisType,
        ...contract,
        ...land,
        previousOwner: { name: w.previousOwnerName, code: w.previousOwnerCode, address: w.previousOwnerAddress },
      });
    default:
      return omitEmpty({ type: w.holdingBasisType, ...contract, ...land });
  }
}

export function startRequestOf(w: StartSource, submittedAt: Date): Record<string, unknown> {
  const comment = [eudrComment(w), w.notes.trim()].filter(Boolean).join('; ').slice(0, 400);
  return omitEmpty({
    owner: { name: w.owner.name, code: w.owner.code, address: evrAddress(w.owner.parts ?? {}, w.owner.address) },
    transport: omitEmpty({
      transporter: { name: w.transporter.name, code: w.transporter.code },
      driverName: w.driverName,
      driverIdCode: w.driverIdCode,
      driverPhone: w.driverPhone,
      vanRegistrationNumber: w.vehicleNumber,
      trailerRegistrationNumber: w.trailerNumber,
    }),
    receiver: { name: w.receiver.name, code: w.receiver.code, address: evrAddress(w.receiver.parts ?? {}, w.receiver.address) },
    placeOfDelivery: omitEmpty({
      code: w.destination.evrPlaceCode,
      name: w.destination.name,
      address: evrAddress(w.destination, w.destination.address),
      coordinates: coordinates(w.destination),
    }),
    departureTime: iso(w.departureTime),
    submissionTime: submittedAt.toISOString(),
    comment,
    mass: w.grossMass === null ? null : Number(w.grossMass),
    shipments: [
      omitEmpty({
        holdingBase: holdingBase(w),
        source: omitEmpty({ name: w.origin.name, address: evrAddress(w.origin, w.origin.address), coordinates: coordinates(w.origin) }),
        items: [
          {
            amount: Number(w.quantity),
            unitCode: evrUnitCode(w.assortment.unit),
            assortment: { code: w.assortment.code, name: w.assortment.name, productGroup: w.assortment.productGroup },
          },
        ],
        certificateClaims:
          w.certificateClaims.length > 0 ? w.certificateClaims.map((c) => omitEmpty({ code: c.code, number: c.number })) : null,
      }),
    ],
  });
}

/**
 * Reads what the start request of waybill `number` is built from. The owner is the owner company,
 * or the private owner (name and personal code; the origin's address), else the origin's company;
 * the transporter the transporter company, else `ownCompany`.
 */
export async function loadStartSource(db: DB, number: string, ownCompany: string): Promise<StartSource | undefined> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT b.number, coalesce(b.departure_time, b.transport_date::timestamptz) AS "departureTime", b.notes, b.driver_name AS "driverName",
      b.driver_id_code AS "driverIdCode", b.driver_phone AS "driverPhone", b.vehicle_number AS "vehicleNumber",
      b.trailer_number AS "trailerNumber", b.gross_mass::text AS "grossMass", b.quantity::text AS quantity,
      b.eudr_reference_number AS "eudrReferenceNumber", b.eudr_verification_number AS "eudrVerificationNumber",
      b.holding_basis_type AS "holdingBasisType", b.cadastral_number AS "cadastralNumber", b.compartment,
      b.forest_allocation_number AS "forestAllocationNumber", b.forest_notification_number AS "forestNotificationNumber",
      b.contract_number AS "contractNumber", b.contract_date AS "contractDate", b.previous_owner_name AS "previousOwnerName",
      b.previous_owner_code AS "previousOwnerCode", b.previous_owner_address AS "previousOwnerAddress", b.certificate_claims AS "certificateClaims",
      json_build_object('name', coalesce(oc.name, b.owner_person_name, woc.name), 'code', coalesce(oc.registry_code, b.owner_person_code, woc.registry_code),
        'address', coalesce(oc.address, CASE WHEN b.owner_person_code IS NOT NULL THEN wo.address END, woc.address),
        'parts', CASE WHEN oc.registry_code IS NOT NULL THEN json_build_object('county', oc.county, 'city', oc.city, 'street', oc.street)
          WHEN b.owner_person_code IS NOT NULL THEN json_build_object('county', wo.county, 'city', wo.city, 'street', wo.street)
          ELSE json_build_object('county', woc.county, 'city', woc.city, 'street', woc.street) END) AS owner,
      json_build_object('name', tc.name, 'code', tc.registry_code) AS transporter,
      json_build_object('name', rc.name, 'code', rc.registry_code, 'address', rc.address,
        'parts', json_build_object('county', rc.county, 'city', rc.city, 'street', rc.street)) AS receiver,
      json_build_object('name', wo.name, 'address', wo.address, 'county', wo.county, 'city', wo.city, 'street', wo.street,
        'coordX', wo.coord_x::text, 'coordY', wo.coord_y::text) AS origin,
      json_build_object('name', wd.name, 'address', wd.address, 'county', wd.county, 'city', wd.city, 'street', wd.street,
        'coordX', wd.coord_x::text, 'coordY', wd.coord_y::text, 'evrPlaceCode', wd.evr_place_code) AS destination,
      json_build_object('code', a.code, 'name', a.name, 'unit', a.unit, 'productGroup', at.evr_product_group) AS assortment
    FROM waybills b
    JOIN warehouses wo ON wo.origin_code = b.origin
    JOIN warehouses wd ON wd.destination_code = b.destination
    JOIN assortments a ON a.code = b.assortment
    JOIN assortment_types at ON at.id = a.assortment_type
    LEFT JOIN companies woc ON woc.registry_code = wo.company
    LEFT JOIN companies oc ON oc.registry_code = b.owner_company
    LEFT JOIN companies tc ON tc.registry_code = coalesce(b.transporter_company, ${ownCompany || null})
    LEFT JOIN companies rc ON rc.registry_code = b.destination_company
    WHERE b.number = ${number}`.execute(db);
  return rows[0] as unknown as StartSource | undefined;
}
