import { useMemo } from 'react';

import { searchedItems, usePickerSearch, ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListCompaniesQuery } from '../../api/companyApi';

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
  const search = usePickerSearch();
  const query = useListCompaniesQuery({ ...search.params, ...(isInvoiceCustomer ? { isInvoiceCustomer } : {}) }, { skip: search.skip });
  const labels = useCompanyNames(value);
  const items: ComboboxOption[] = (query.data?.results ?? []).map((company) => ({
    value: company.registryCode,
    label: company.name,
    description: company.registryCode,
  }));
  return <ValueCombobox {...props} value={value} labels={labels} {...searchedItems(query, items)} onSearch={search.onSearch} />;
}
