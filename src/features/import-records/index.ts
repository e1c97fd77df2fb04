export { fieldOfHeading, missingFields, readCsvHeadings, recognisedMapping } from './model/header';
export type { ColumnMapping } from './model/header';
export { ImportButton } from './ui/ImportButton/ImportButton';
export type { ImportButtonProps } from './ui/ImportButton/ImportButton';
