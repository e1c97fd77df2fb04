import { sql, type Transaction } from 'kysely';
import { EVR_STATUSES, incomingOf, type EvrStatus } from '@timberlog/contract';
import type { Database } from '../infra/db.js';
import type { EvrWaybill } from './client.js';

/**
 * Incoming waybills (docs/decisions/0022-incoming-waybills.md): loads in EVR addressed to us as
 * receiver that another company started — a forest owner, a supplier, a carrier. The poller reads
 * them with our own waybills' changes and keeps each as EVR has it, in `evr_incoming`: nothing of
 * it is ours to edit, so it is kept apart from our waybills (which we write and EVR follows) and
 * never counts in their lists, totals or invoices. A change (EVR's status, a note, the receiver's
 * measurement) is a history entry via EVR and a live event, as any record's.
 */

/**
 * Keeps these EVR waybills (addressed to us, not ours) as incoming ones: new ones are added, and
 * one that changed in what it says (not only EVR's modification time) is written, so that its
 * version, history and live event move only then. Answers how many were added or changed.
 */
export async function keepIncoming(trx: Transaction<Database>, read: readonly EvrWaybill[]): Promise<number> {
  const valid = read.filter((w) => (EVR_STATUSES as readonly string[]).includes(w.status as EvrStatus));
  if (valid.length === 0) return 0;
  const places = await trx
    .selectFrom('warehouses')
    .select(['evrPlaceCode', 'destinationCode'])
    .where('evrPlaceCode', 'is not', null)
    .execute();
  const destinations = new Map(places.filter((p) => p.destinationCode !== null).map((p) => [p.evrPlaceCode!, p.destinationCode!] as const));
  const rows = valid.map((w) => incomingOf(w, destinations));
  // Every change here came from EVR (the history says so), whoever runs it: the poller or the demo's seed.
  await sql`SELECT set_config('timberlog.via', 'evr', true)`.execute(trx);
  const result = await sql`
    INSERT INTO evr_incoming AS i (evr_number, evr_status, owner_name, owner_code, transporter_name, transporter_code, driver_name,
      driver_id_code, driver_phone, vehicle_number, trailer_number, departure_time, place_code, place_name, destination, source_name,
      holding_basis_type, cadastral_number, items, quantity, unit, certificate_claims, eudr_reference_number, eudr_verification_number,
      comment, evr_notes, total_journey_mileage, evr_measurement, evr_measured_quantity, created_in_evr, modified_in_evr, unloaded_at,
      finished_at, cancelled_at, cancellation_reason, created_at, last_modified_at)
    SELECT v.number, v.status, v."ownerName", v."ownerCode", v."transporterName", v."transporterCode", v."driverName",
      v."driverIdCode", v."driverPhone", v."vehicleNumber", v."trailerNumber", v."departureTime", v."placeCode", v."placeName",
      v.destination, v."sourceName", v."holdingBasisType", v."cadastralNumber", v.items, v.quantity, v.unit, v."certificateClaims",
      v."eudrReference", v."eudrVerification", v.comment, v.notes, v.mileage, v.measurement, v.measured, v."createdInEvr",
      v."modifiedInEvr", v."unloadedAt", v."finishedAt", v."cancelledAt", v."cancellationReason",
      least(now(), coalesce(v."createdInEvr", now())), least(now(), coalesce(v."createdInEvr", now()))
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(number text, status text, "ownerName" text, "ownerCode" text,
      "transporterName" text, "transporterCode" text, "driverName" text, "driverIdCode" text, "driverPhone" text, "vehicleNumber" text,
      "trailerNumber" text, "departureTime" timestamptz, "placeCode" text, "placeName" text, destination text, "sourceName" text,
      "holdingBasisType" text, "cadastralNumber" text, items jsonb, quantity numeric, unit text, "certificateClaims" jsonb,
      "eudrReference" text, "eudrVerification" text, comment text, notes jsonb, mileage integer, measurement jsonb, measured numeric,
      "createdInEvr" timestamptz, "modifiedInEvr" timestamptz, "unloadedAt" timestamptz, "finishedAt" timestamptz,
      "cancelledAt" timestamptz, "cancellationReason" text)
    ON CONFLICT (evr_number) DO UPDATE SET evr_status = excluded.evr_status, owner_name = excluded.owner_name,
      owner_code = excluded.owner_code, transporter_name = excluded.transporter_name, transporter_code = excluded.transporter_code,
      driver_name = excluded.driver_name, driver_id_code = excluded.driver_id_code, driver_phone = excluded.driver_phone,
      vehicle_number = excluded.vehicle_number, trailer_number = excluded.trailer_number, departure_time = excluded.departure_time,
      place_code = excluded.place_code, place_name = excluded.place_name, destination = excluded.destination,
      source_name = excluded.source_name, holding_basis_type = excluded.holding_basis_type, cadastral_number = excluded.cadastral_number,
      items = excluded.items, quantity = excluded.quantity, unit = excluded.unit, certificate_claims = excluded.certificate_claims,
      eudr_reference_number = excluded.eudr_reference_number, eudr_verification_number = excluded.eudr_verification_number,
      comment = excluded.comment, evr_notes = excluded.evr_notes, total_journey_mileage = excluded.total_journey_mileage,
      evr_measurement = excluded.evr_measurement, evr_measured_quantity = excluded.evr_measured_quantity,
      created_in_evr = excluded.created_in_evr, modified_in_evr = excluded.modified_in_evr, unloaded_at = excluded.unloaded_at,
      finished_at = excluded.finished_at, cancelled_at = excluded.cancelled_at, cancellation_reason = excluded.cancellation_reason
    WHERE (i.evr_status, i.owner_name, i.owner_code, i.transporter_name, i.transporter_code, i.driver_name, i.driver_id_code,
        i.driver_phone, i.vehicle_number, i.trailer_number, i.departure_time, i.place_code, i.place_name, i.destination, i.source_name,
        i.holding_basis_type, i.cadastral_number, i.items, i.quantity, i.unit, i.certificate_claims, i.eudr_reference_number,
        i.eudr_verification_number, i.comment, i.evr_notes, i.total_journey_mileage, i.evr_measurement, i.evr_measured_quantity,
        i.unloaded_at, i.finished_at, i.cancelled_at, i.cancellation_reason)
      IS DISTINCT FROM (excluded.evr_status, excluded.owner_name, excluded.owner_code, excluded.transporter_name,
        excluded.transporter_code, excluded.driver_name, excluded.driver_id_code, excluded.driver_phone, excluded.vehicle_number,
        excluded.trailer_number, excluded.departure_time, excluded.place_code, excluded.place_name, excluded.destination,
        excluded.source_name, excluded.holding_basis_type, excluded.cadastral_number, excluded.items, excluded.quantity, excluded.unit,
        excluded.certificate_claims, excluded.eudr_reference_number, excluded.eudr_verification_number, excluded.comment,
        excluded.evr_notes, excluded.total_journey_mileage, excluded.evr_measurement, excluded.evr_measured_quantity,
        excluded.unloaded_at, excluded.finished_at, excluded.cancelled_at, excluded.cancellation_reason)`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
