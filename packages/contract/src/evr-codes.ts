/**
 * EVR's code lists a list filter offers (holding bases, certificate claims): a module of their own,
 * so that a list page reads these few words without the EVR rules (evr.ts), which only forms need.
 */

/** The seven holding bases EVR knows (`holdingBase.type`), by its own names. */
export const HOLDING_BASIS_TYPES = [
  'ForestNotice',
  'WithoutForestNotice',
  'SalesContract',
  'ContractForTransferOfCuttingRights',
  'ForestAct',
  'InventoryAct',
  'ConsolidatedAct',
] as const;
export type HoldingBasisType = (typeof HOLDING_BASIS_TYPES)[number];

/**
 * Chain-of-custody claims a load may carry (EVR's certificate codes); their words are the
 * `value.certificateClaim.*` labels.
 */
export const CERTIFICATE_CLAIMS = ['FSC100', 'FSCMIX', 'FSCRECYCLED', 'FSCCW', 'PEFC', 'PEFCCS'] as const;
export type CertificateClaimCode = (typeof CERTIFICATE_CLAIMS)[number];

/** A waybill's status in EVR (pyevr's WaybillStatus). */
export const EVR_STATUSES = ['shipping', 'unloaded', 'finished', 'cancelled'] as const;
export type EvrStatus = (typeof EVR_STATUSES)[number];

/** How the exchange with EVR stands while it is not settled: a job is on it, or it gave up. */
export const EVR_SYNC_STATES = ['sending', 'failed'] as const;
export type EvrSync = (typeof EVR_SYNC_STATES)[number];

/**
 * Why an exchange with EVR failed, as everyone is told it (`value.evrFailure.*`): no answer, too
 * slow, EVR failing, what was sent refused (field by field), the step refused, the API key not
 * EVR's, or no connection to EVR configured.
 */
export const EVR_FAILURES = ['unreachable', 'timeout', 'server', 'invalid', 'refused', 'auth', 'off'] as const;
export type EvrFailure = (typeof EVR_FAILURES)[number];

/**
 * A waybill's EVR state as the list and the detail show it, side by side with our status: not
 * sent, sending, failed, or EVR's own status.
 */
export const EVR_STATES = ['notSent', 'sending', 'failed', ...EVR_STATUSES] as const;
export type EvrState = (typeof EVR_STATES)[number];

export const evrStateOf = (w: { readonly evrSync?: EvrSync | null; readonly evrStatus?: EvrStatus | null }): EvrState =>
  w.evrSync ?? w.evrStatus ?? 'notSent';

/**
 * How far the receiver's measurement may differ from the quantity shipped, in percent of it,
 * before the load is flagged (the list's "measured off" filter, the EVR panel): the default of the
 * server's setting EVR_MEASUREMENT_TOLERANCE_PERCENT, which `GET /api/settings` answers.
 */
export const EVR_MEASUREMENT_TOLERANCE_PERCENT = 3;

/** A tolerance the setting may be: a percentage from 0 to 100. */
export const isTolerancePercent = (value: number): boolean => Number.isFinite(value) && value >= 0 && value <= 100;

/**
 * What the receiver measured against what was shipped, in the waybill's unit and in percent of the
 * shipped quantity (negative: less arrived); null when not measured in the waybill's unit.
 */
export function measurementDifference(quantity: string, measured: string | null | undefined): { units: number; percent: number } | null {
  if (measured === null || measured === undefined) return null;
  const shipped = Number(quantity);
  const units = Math.round((Number(measured) - shipped) * 1000) / 1000;
  return { units, percent: shipped === 0 ? 0 : Math.round((units / shipped) * 1000) / 10 };
}

/** Whether a measured load differs from what was shipped by more than `tolerancePercent`; null when not measured. */
export const measuredOff = (
  w: { readonly quantity: string; readonly evrMeasuredQuantity?: string | null },
  tolerancePercent: number = EVR_MEASUREMENT_TOLERANCE_PERCENT,
): boolean | null => {
  const difference = measurementDifference(w.quantity, w.evrMeasuredQuantity);
  return difference === null ? null : Math.abs(difference.units) > (Number(w.quantity) * tolerancePercent) / 100;
};
