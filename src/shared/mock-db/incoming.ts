import { incomingOf, type EvrDocument } from '@timberlog/contract';

import type { Schema } from '../api';

type IncomingWaybill = Schema<'IncomingWaybill'>;
type Warehouse = Pick<Schema<'Warehouse'>, 'name' | 'destinationCode' | 'evrPlaceCode'>;

/**
 * An incoming waybill as the server answers it (server/src/evr/incoming-routes.ts) from EVR's
 * document, read by the contract's `incomingOf` as the server's poller and seed read it: the load
 * comes to one of our warehouses when EVR's place code is one of theirs; it was created (and last
 * changed) when EVR created it, version 1.
 */
export function incomingAnswer(document: EvrDocument, warehouses: readonly Warehouse[]): IncomingWaybill {
  const destinations = new Map(
    warehouses.filter((w) => w.evrPlaceCode && w.destinationCode).map((w) => [w.evrPlaceCode!, w.destinationCode!] as const),
  );
  const row = incomingOf(document, destinations);
  const created = row.createdInEvr ?? new Date(0).toISOString();
  return {
    evrNumber: row.number,
    evrStatus: row.status as IncomingWaybill['evrStatus'],
    owner: { name: row.ownerName, code: row.ownerCode },
    transporter: row.transporterCode === null ? null : { name: row.transporterName ?? '', code: row.transporterCode },
    driverName: row.driverName,
    driverIdCode: row.driverIdCode,
    driverPhone: row.driverPhone,
    vehicleNumber: row.vehicleNumber,
    trailerNumber: row.trailerNumber,
    departureTime: row.departureTime,
    placeOfDelivery: { code: row.placeCode, name: row.placeName },
    destination: row.destination,
    destinationName: row.destination ? (warehouses.find((w) => w.destinationCode === row.destination)?.name ?? null) : null,
    sourceName: row.sourceName,
    holdingBasisType: row.holdingBasisType as IncomingWaybill['holdingBasisType'],
    cadastralNumber: row.cadastralNumber,
    items: row.items,
    quantity: row.quantity,
    unit: row.unit,
    certificateClaims: row.certificateClaims as IncomingWaybill['certificateClaims'],
    eudrReferenceNumber: row.eudrReference,
    eudrVerificationNumber: row.eudrVerification,
    comment: row.comment,
    evrNotes: row.notes,
    totalJourneyMileage: row.mileage,
    evrMeasurement: row.measurement,
    evrMeasuredQuantity: row.measured,
    createdInEvr: row.createdInEvr,
    unloadedAt: row.unloadedAt,
    finishedAt: row.finishedAt,
    cancelledAt: row.cancelledAt,
    cancellationReason: row.cancellationReason,
    createdAt: created,
    lastModifiedAt: created,
    version: 1,
  };
}
