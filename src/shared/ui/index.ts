export { Button, BUTTON_VARIANTS } from './Button/Button';
export type { ButtonAsButtonProps, ButtonAsLinkProps, ButtonProps, ButtonSize, ButtonVariant } from './Button/Button';
export { PagePlaceholder } from './PagePlaceholder/PagePlaceholder';
export type { PagePlaceholderProps } from './PagePlaceholder/PagePlaceholder';
export { FormAlert, FormCard } from './FormCard/FormCard';
export type { FormAlertProps, FormCardProps } from './FormCard/FormCard';
export { TextField } from './TextField/TextField';
export type { TextFieldProps } from './TextField/TextField';
export { Badge, BADGE_TONES } from './Badge/Badge';
export type { BadgeProps, BadgeTone } from './Badge/Badge';
export { FormikTextField } from './FormikTextField/FormikTextField';
export { useShownError } from './useShownError/useShownError';
export { FormikSelectField } from './FormikSelectField/FormikSelectField';
export type { FormikSelectFieldProps } from './FormikSelectField/FormikSelectField';
export type { FormikTextFieldProps } from './FormikTextField/FormikTextField';
export { ApiForm, FormRootAlert, SubmitButton } from './ApiForm/ApiForm';
export type { ApiFormProps, SubmitButtonProps, VersionedRecord } from './ApiForm/ApiForm';
export { FormikTextArea } from './FormikTextArea/FormikTextArea';
export type { FormikTextAreaProps } from './FormikTextArea/FormikTextArea';
export { focusListResults, nextSort, Table } from './Table/Table';
export type { TableColumn, TableProps, TableSelection } from './Table/Table';
export { Pagination } from './Pagination/Pagination';
export type { PaginationProps } from './Pagination/Pagination';
export { Skeleton } from './Skeleton/Skeleton';
export type { SkeletonProps } from './Skeleton/Skeleton';
export { ConfirmDialog, Dialog } from './Dialog/Dialog';
export type { ConfirmDialogProps, DialogProps } from './Dialog/Dialog';
export { MultiSelect } from './MultiSelect/MultiSelect';
export type { MultiSelectProps, SelectOption } from './MultiSelect/MultiSelect';
export { Combobox, COMBOBOX_SEARCH_DEBOUNCE_MS } from './Combobox/Combobox';
export type { ComboboxOption, ComboboxProps } from './Combobox/Combobox';
export { searchedItems, usePickerSearch, ValueCombobox } from './Combobox/ValueCombobox';
export type { ValueComboboxProps } from './Combobox/ValueCombobox';
export { FormikCheckbox } from './FormikCheckbox/FormikCheckbox';
export type { FormikCheckboxProps } from './FormikCheckbox/FormikCheckbox';
export { Card, CardSkeleton, DetailFields, MutedText, Page, PAGE_WIDTHS, PageHeader } from './PageLayout/PageLayout';
export { RecordPageFallback } from './PageLayout/RecordPageFallback';
export type { RecordPageFallbackProps } from './PageLayout/RecordPageFallback';
export type {
  CardProps,
  DetailField,
  DetailFieldsProps,
  MutedTextProps,
  PageHeaderProps,
  PageProps,
  PageWidth,
} from './PageLayout/PageLayout';
export { ConfirmDeleteButton } from './ConfirmDeleteButton/ConfirmDeleteButton';
export type { ConfirmDeleteButtonProps } from './ConfirmDeleteButton/ConfirmDeleteButton';
export { ExportReportButton } from './ExportFormatDialog/ExportReportButton';
export type { ExportReportButtonProps } from './ExportFormatDialog/ExportReportButton';
export { LeaveGuard } from './LeaveGuard/LeaveGuard';
export type { LeaveGuardProps } from './LeaveGuard/LeaveGuard';
export { BarList } from './Chart/BarList';
export type { BarListItem, BarListProps } from './Chart/BarList';
export { ChartFigure } from './Chart/ChartFigure';
export type { ChartFigureProps, ChartLegendItem } from './Chart/ChartFigure';
export { ColumnChart } from './Chart/ColumnChart';
export type { ColumnChartProps, ColumnChartSeries } from './Chart/ColumnChart';
export { ProgressBar } from './ProgressBar/ProgressBar';
export type { ProgressBarProps } from './ProgressBar/ProgressBar';
export { ResultTable } from './ResultTable/ResultTable';
export type { ResultTableColumn, ResultTableProps } from './ResultTable/ResultTable';
