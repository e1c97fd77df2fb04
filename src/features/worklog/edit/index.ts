export { worklogSchema } from './model/schema';
export { emptyWorklogValues, valuesToBody, WORKLOG_FORM_FIELDS, worklogToValues } from './model/values';
export type { WorklogFormValues } from './model/values';
export { WorklogForm } from './ui/WorklogForm/WorklogForm';
export type { WorklogFormProps } from './ui/WorklogForm/WorklogForm';
