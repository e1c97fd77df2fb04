import { useMemo, useState } from 'react';

import { ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListCompaniesQuery } from '../../api/companyApi';

/** Hits a picker shows: the server's first 20 for the typed text. */
const PICKER_PAGE_SIZE = 20;

export interface CompanyPickerProps {
  readonly label: string;
  /** Registry codes. */
  readonly value: readonly string[];
  readonly onChange: (registryCodes: string[]) => void;
  readonly multiple?: boolean;
  /** Only invoice customers (for invoices). */
  readonly isInvoiceCustomer?: boolean;
  readonly error?: string;
  readonly name?: string;
  readonly onBlur?: () => void;
  readonly disabled?: boolean;
}

/** Company names by registry code, for chips and pickers showing codes from the URL. */
export function useCompanyNames(registryCodes: readonly string[]): Readonly<Record<string, string>> {
  const { data } = useListCompaniesQuery({ registryCode: [...registryCodes], pageSize: 100 }, { skip: registryCodes.length === 0 });
  return useMemo(() => Object.fromEntries((data?.results ?? []).map((company) => [company.registryCode, company.name])), [data]);
}

/** Picks companies by name or registry code, searched on the server. Values are registry codes. */
export function CompanyPicker({ isInvoiceCustomer, value, ...props }: CompanyPickerProps) {
  const [search, setSearch] = useState<string | null>(null);
  const { data, currentData, isFetching } = useListCompaniesQuery(
    { search: search || undefined, pageSize: PICKER_PAGE_SIZE, ...(isInvoiceCustomer ? { isInvoiceCustomer } : {}) },
    { skip: search === null },
  );
  const labels = useCompanyNames(value);
  const items: ComboboxOption[] = (data?.results ?? []).map((company) => ({
    value: company.registryCode,
    label: company.name,
    description: company.registryCode,
  }));
  return (
    <ValueCombobox
      {...props}
      value={value}
      labels={labels}
      items={items}
      loading={isFetching && !currentData}
      hasMore={(data?.count ?? 0) > items.length}
      onSearch={setSearch}
    />
  );
}
