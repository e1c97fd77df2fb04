export { worklogColumns } from './ui/WorklogTable/columns';
export { WorklogTable } from './ui/WorklogTable/WorklogTable';
export type { WorklogTableProps } from './ui/WorklogTable/WorklogTable';
