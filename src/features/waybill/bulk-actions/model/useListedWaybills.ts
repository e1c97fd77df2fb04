import { LIMITS } from '@timberlog/contract';
import { useEffect, useMemo, useRef, useState } from 'react';

import { useListWaybillsQuery, type WaybillListItem } from '@/entities/waybill';

/**
 * The waybills a bulk action lists (at most a page of them), as the list shows them, so each can be
 * recognised by more than its number: read with the list's own `number` filter. Read again when
 * `revision` moves to another value than null (the preview was checked again after a colleague's
 * change); a waybill once read stays known after it is gone (a deleted draft is still listed with
 * what it was).
 */
export function useListedWaybills(numbers: readonly string[], revision: unknown = null): ReadonlyMap<string, WaybillListItem> {
  const key = numbers.slice(0, LIMITS.pageSizeMax).join('\n');
  const params = useMemo(() => ({ number: key ? key.split('\n') : [], pageSize: LIMITS.pageSizeMax }), [key]);
  const { data, refetch, isUninitialized } = useListWaybillsQuery(params, { skip: key === '' });

  const lastRevision = useRef(revision);
  useEffect(() => {
    if (lastRevision.current === revision) return;
    lastRevision.current = revision;
    if (revision !== null && !isUninitialized) void refetch();
  }, [revision, refetch, isUninitialized]);

  const [seen, setSeen] = useState<{ readonly data: typeof data; readonly known: ReadonlyMap<string, WaybillListItem> }>({
    data: undefined,
    known: new Map(),
  });
  if (data !== seen.data) {
    const known = new Map(seen.known);
    for (const waybill of data?.results ?? []) known.set(waybill.number, waybill);
    setSeen({ data, known });
  }
  return seen.known;
}
