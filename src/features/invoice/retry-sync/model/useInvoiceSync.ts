import { useCallback, useEffect, useRef } from 'react';

import { invoiceApi, useGetInvoiceQuery, type Invoice, type InvoiceStatus } from '@/entities/invoice';
import { LIST_ID, TAGS } from '@/shared/api';
import { useAppDispatch } from '@/shared/model';

/** How often an invoice awaiting sync is read again. */
export const SYNC_REFRESH_MS = 2000;

/** The state a new invoice and a retried one are in until the background sync moves it on. */
const AWAITING_SYNC: InvoiceStatus = 'pending_sync';

/**
 * One invoice, read again every 2 seconds while it is `pending_sync` (after creation or a retry)
 * and no longer once it has left it; then `onSyncEnded` gets the invoice once, so the page can say
 * how it ended, and invoice lists read again (their status counts and badges changed). Leaving
 * the page unsubscribes, which ends the refresh. `retried(version)` says the user retried the
 * version shown: the end is reported even when the invoice is never seen awaiting sync (a quick
 * sync, its change heard on the live updates before the retry's own answer).
 */
export function useInvoiceSync(number: string, onSyncEnded: (invoice: Invoice) => void) {
  // The cached invoice decides the interval of the very query that keeps it fresh.
  const { data: cached } = invoiceApi.endpoints.getInvoice.useQueryState(number);
  const polling = cached?.status === AWAITING_SYNC;
  const result = useGetInvoiceQuery(number, { pollingInterval: polling ? SYNC_REFRESH_MS : 0, skipPollingIfUnfocused: false });

  const dispatch = useAppDispatch();
  const awaiting = useRef(false);
  // The version the user retried, until a later one has ended its sync.
  const retriedVersion = useRef<number | null>(null);
  const ended = useRef(onSyncEnded);
  useEffect(() => {
    ended.current = onSyncEnded;
  });
  const { data } = result;
  useEffect(() => {
    if (!data) return;
    if (data.status === AWAITING_SYNC) awaiting.current = true;
    else if (awaiting.current || (retriedVersion.current !== null && data.version > retriedVersion.current)) {
      awaiting.current = false;
      retriedVersion.current = null;
      // The background job changed the invoice, not a mutation of ours: no tag told the lists.
      dispatch(invoiceApi.util.invalidateTags([{ type: TAGS.invoice, id: LIST_ID }]));
      ended.current(data);
    }
  }, [data, dispatch]);
  // Another invoice (the route changed) starts unobserved.
  useEffect(() => {
    awaiting.current = false;
    retriedVersion.current = null;
  }, [number]);
  const retried = useCallback((version: number) => {
    retriedVersion.current = version;
  }, []);

  return { ...result, polling, retried };
}
