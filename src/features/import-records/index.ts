export { fieldOfHeading, missingFields, readCsvHeader, recognisedMapping, withMapping } from './model/header';
export type { ColumnMapping, CsvHeader } from './model/header';
export { ImportButton } from './ui/ImportButton/ImportButton';
export type { ImportButtonProps } from './ui/ImportButton/ImportButton';
