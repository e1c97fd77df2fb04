import { canTransition, isWaybillCorrection, isWaybillDeletable, isWaybillEditable, type WaybillStatus } from '@timberlog/contract';

/** The status changes a user can ask for, each with the status it leads to. */
export const STATUS_ACTIONS = [
  { action: 'confirm', to: 'confirmed' },
  { action: 'deliver', to: 'delivered' },
  { action: 'cancel', to: 'cancelled' },
] as const satisfies readonly { action: string; to: WaybillStatus }[];

export type StatusAction = (typeof STATUS_ACTIONS)[number]['action'];

/** Corrections staff may make (the contract's WAYBILL_CORRECTIONS), each with a required reason. */
export const CORRECTIONS = [
  { action: 'returnToConfirmed', to: 'confirmed' },
  { action: 'returnToDraft', to: 'draft' },
] as const satisfies readonly {
  action: string;
  to: WaybillStatus;
}[];

export type CorrectionAction = (typeof CORRECTIONS)[number]['action'];

/** What a waybill in `status` offers: its allowed status changes (from the contract's transitions), staff's corrections, edit and delete. */
export interface WaybillActions {
  readonly statusChanges: readonly (typeof STATUS_ACTIONS)[number][];
  readonly corrections: readonly (typeof CORRECTIONS)[number][];
  readonly canEdit: boolean;
  readonly canDelete: boolean;
}

export function waybillActions(status: WaybillStatus, { isStaff = false }: { readonly isStaff?: boolean } = {}): WaybillActions {
  return {
    statusChanges: STATUS_ACTIONS.filter(({ to }) => canTransition(status, to)),
    corrections: isStaff ? CORRECTIONS.filter(({ to }) => isWaybillCorrection(status, to)) : [],
    canEdit: isWaybillEditable(status),
    canDelete: isWaybillDeletable(status),
  };
}
