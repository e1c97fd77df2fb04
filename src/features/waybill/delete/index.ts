export { DeleteWaybillButton } from './ui/DeleteWaybillButton/DeleteWaybillButton';
export type { DeleteWaybillButtonProps } from './ui/DeleteWaybillButton/DeleteWaybillButton';
