export { fieldOfHeading, missingFields, readCsvHeader, recognisedMapping, withMapping } from './model/header';
export type { ColumnMapping, CsvHeader } from './model/header';
export { ImportWaybillsButton } from './ui/ImportWaybillsButton/ImportWaybillsButton';
