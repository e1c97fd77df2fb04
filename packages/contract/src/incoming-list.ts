/**
 * The incoming waybills' list contract, in a module of its own: only their page and the server
 * read it, and the other lists' pages (which load lists.ts) do not carry it.
 */
import { EVR_STATUSES } from './evr-codes.ts';
import { defineList, STAMPS } from './lists.ts';

/**
 * Incoming waybills: loads in EVR addressed to us that another company started, kept as EVR has
 * them (read-only). Filtered by EVR's status and by our warehouse they come to.
 */
export const INCOMING_WAYBILL_LIST = defineList({
  path: '/api/evr/incoming',
  filters: {
    evrStatusIn: { kind: 'multi', field: 'evrStatus', type: 'string', values: EVR_STATUSES, commaSeparated: true },
    destination: { kind: 'multi', field: 'destination', type: 'string', ref: 'destination' },
  },
  sort: ['departureTime', 'evrNumber', ...STAMPS],
  defaultSort: '-departureTime,-evrNumber',
  search: ['evrNumber', 'ownerName', 'driverName', 'vehicleNumber', 'cadastralNumber'],
  key: 'evrNumber',
});
