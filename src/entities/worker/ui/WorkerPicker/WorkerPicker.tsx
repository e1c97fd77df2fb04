import { useState } from 'react';

import { ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListWorkersQuery } from '../../api/workerApi';

/** Hits a picker shows: the server's first 20 for the typed text. */
const PICKER_PAGE_SIZE = 20;

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
  const [search, setSearch] = useState<string | null>(null);
  const { data, currentData, isFetching } = useListWorkersQuery(
    { search: search || undefined, pageSize: PICKER_PAGE_SIZE },
    { skip: search === null },
  );
  const items: ComboboxOption[] = (data?.results ?? []).map((worker) => ({
    value: worker.workerName,
    label: worker.workerName,
    ...(worker.companyName ? { description: worker.companyName } : {}),
  }));
  return (
    <ValueCombobox
      {...props}
      items={items}
      loading={isFetching && !currentData}
      hasMore={(data?.count ?? 0) > items.length}
      onSearch={setSearch}
    />
  );
}
