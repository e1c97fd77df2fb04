/** One filter the screen shows. The control follows from the contract's filter kind. */
export interface FilterFieldSpec {
  /** The API's parameter name, e.g. `statusIn`, `transportDateAfter`. */
  readonly name: string;
  /** The field's label, translated ("Status", "Transport date"). */
  readonly label: string;
  /** For a date range: the `before` filter paired with `name` (`transportDateBefore`). */
  readonly to?: string;
  /** Translated label of an enum value (statuses, actions). */
  readonly optionLabel?: (value: string) => string;
}

/** The ranges every list has, under "More filters" after the screen's own fields. */
export const SHARED_RANGES = [
  { name: 'createdAfter', to: 'createdBefore', labelKey: 'list.shared.created' },
  { name: 'lastModifiedAfter', to: 'lastModifiedBefore', labelKey: 'list.shared.lastModified' },
] as const;
