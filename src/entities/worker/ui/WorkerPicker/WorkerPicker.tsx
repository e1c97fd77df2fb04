import { searchedItems, usePickerSearch, ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListWorkersQuery } from '../../api/workerApi';

export interface WorkerPickerProps {
  readonly label: string;
  /** Worker names (a worker is known by name). */
  readonly value: readonly string[];
  readonly onChange: (workerNames: string[]) => void;
  readonly multiple?: boolean;
  readonly error?: string;
  readonly name?: string;
  readonly onBlur?: () => void;
  readonly disabled?: boolean;
}

/** Picks workers by name, searched on the server. Values are the names. */
export function WorkerPicker(props: WorkerPickerProps) {
  const search = usePickerSearch();
  const query = useListWorkersQuery(search.params, { skip: search.skip });
  const items: ComboboxOption[] = (query.data?.results ?? []).map((worker) => ({
    value: worker.workerName,
    label: worker.workerName,
    ...(worker.companyName ? { description: worker.companyName } : {}),
  }));
  return <ValueCombobox {...props} {...searchedItems(query, items)} onSearch={search.onSearch} />;
}
