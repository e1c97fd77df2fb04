export { waybillSchema } from './model/schema';
export {
  duplicateWaybillPath,
  duplicateWaybillValues,
  emptyWaybillValues,
  valuesToCreate,
  valuesToUpdate,
  WAYBILL_FORM_FIELDS,
  waybillToValues,
} from './model/values';
export type { WaybillFormValues } from './model/values';
export { WaybillForm } from './ui/WaybillForm/WaybillForm';
export type { WaybillFormProps } from './ui/WaybillForm/WaybillForm';
