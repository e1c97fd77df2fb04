import { useMemo } from 'react';

import { searchedItems, usePickerSearch, ValueCombobox, type ComboboxOption } from '@/shared/ui';

import { useListWarehousesQuery, type Warehouse, type WarehouseListParams } from '../../api/warehouseApi';

export interface WarehousePickerProps {
  readonly label: string;
  readonly value: readonly string[];
  readonly onChange: (value: string[]) => void;
  readonly multiple?: boolean;
  readonly error?: string;
  readonly name?: string;
  readonly onBlur?: () => void;
  readonly disabled?: boolean;
}

type Role = 'id' | 'origin' | 'destination';

const valueOf = (warehouse: Warehouse, role: Role): string | null =>
  role === 'id' ? String(warehouse.id) : role === 'origin' ? warehouse.originCode : warehouse.destinationCode;

const roleFilter = (role: Role): WarehouseListParams =>
  role === 'origin' ? { hasOrigin: true } : role === 'destination' ? { hasDestination: true } : {};

/** Warehouse names by the value a picker holds (id, origin code or destination code). */
function useWarehouseNames(values: readonly string[], role: Role): Readonly<Record<string, string>> {
  const filter: WarehouseListParams =
    role === 'origin' ? { origin: [...values] } : role === 'destination' ? { destination: [...values] } : {};
  // Ids have no list filter; warehouses are few, so the first page of 100 names them.
  const { data } = useListWarehousesQuery({ ...filter, pageSize: 100 }, { skip: values.length === 0 });
  return useMemo(
    () =>
      Object.fromEntries(
        (data?.results ?? []).flatMap((warehouse) => {
          const value = valueOf(warehouse, role);
          return value === null ? [] : [[value, role === 'id' ? warehouse.name : `${value} · ${warehouse.name}`]];
        }),
      ),
    [data, role],
  );
}

function RolePicker({ role, value, ...props }: WarehousePickerProps & { readonly role: Role }) {
  const search = usePickerSearch();
  const query = useListWarehousesQuery({ ...search.params, ...roleFilter(role) }, { skip: search.skip });
  const labels = useWarehouseNames(value, role);
  const items: ComboboxOption[] = (query.data?.results ?? []).flatMap((warehouse) => {
    const itemValue = valueOf(warehouse, role);
    if (itemValue === null) return [];
    return [
      {
        value: itemValue,
        label: role === 'id' ? warehouse.name : `${itemValue} · ${warehouse.name}`,
        description: warehouse.companyName,
      },
    ];
  });
  return <ValueCombobox {...props} value={value} labels={labels} {...searchedItems(query, items)} onSearch={search.onSearch} />;
}

/** Picks warehouses by name or code; values are warehouse ids (as strings). */
export function WarehousePicker(props: WarehousePickerProps) {
  return <RolePicker {...props} role="id" />;
}

/** Picks loading places (warehouses with an origin code); values are origin codes. */
export function OriginPicker(props: WarehousePickerProps) {
  return <RolePicker {...props} role="origin" />;
}

/** Picks unloading places (warehouses with a destination code); values are destination codes. */
export function DestinationPicker(props: WarehousePickerProps) {
  return <RolePicker {...props} role="destination" />;
}

/** Names for chips: warehouse names by id. */
export const useWarehouseNamesById = (ids: readonly string[]) => useWarehouseNames(ids, 'id');
/** Names for chips: "code · name" by origin code. */
export const useOriginNames = (codes: readonly string[]) => useWarehouseNames(codes, 'origin');
/** Names for chips: "code · name" by destination code. */
export const useDestinationNames = (codes: readonly string[]) => useWarehouseNames(codes, 'destination');
