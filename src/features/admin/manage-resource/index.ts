export { adminApi, RESOURCE_TAGS, useAdminListQuery } from './api/adminApi';
export type { AdminResourceName } from './api/adminApi';
export { ADMIN_RESOURCES } from './model/resources';
export type { AnyResourceDescription, ColumnSpec, FieldKind, FieldSpec, ResourceDescription } from './model/describe';
export { asText, resourceSchema, toBody, toFormValues } from './model/schema';
export { DeleteRecordButton } from './ui/AdminResourceScreen/DeleteRecordButton';
export { ResourceFormDialog } from './ui/AdminResourceScreen/ResourceFormDialog';
