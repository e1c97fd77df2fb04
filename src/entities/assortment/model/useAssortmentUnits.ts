import { LIMITS, type Unit } from '@timberlog/contract';
import { useMemo } from 'react';

import { useListAssortmentsQuery } from '../api/assortmentApi';

/**
 * Each assortment's unit by its code, for records that name an assortment without its unit (a
 * worklog's quantity is in its assortment's unit): one list, cached, for a whole screen. Undefined
 * while it loads, or for a code it does not hold.
 */
export function useAssortmentUnits(skip = false): (code: string | null | undefined) => Unit | undefined {
  const { data } = useListAssortmentsQuery({ pageSize: LIMITS.pageSizeMax }, { skip });
  return useMemo(() => {
    const units = new Map((data?.results ?? []).map((assortment) => [assortment.code, assortment.unit]));
    return (code) => (code ? units.get(code) : undefined);
  }, [data]);
}
