import { WAYBILL_INVOICEABLE_STATUS } from '@timberlog/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';

import { waybillColumns } from '@/widgets/waybill-table';
import { InvoiceDraft, previewArgs, selectionFromParams, withSelection } from '@/features/invoice/create';
import { CompanyPicker } from '@/entities/company';
import { usePreviewInvoiceQuery, type Invoice } from '@/entities/invoice';
import { useListWaybillsQuery, type WaybillListItem, type WaybillListParams } from '@/entities/waybill';
import { extractApiError } from '@/shared/api';
import { notify } from '@/shared/lib';
import { useFormat } from '@/shared/lib/format';
import { Card, MutedText, Page, PageHeader, Pagination, Table } from '@/shared/ui';

import styles from './InvoiceNewPage.module.css';

const CUSTOMER_PARAM = 'customer';
const PICKER_COLUMNS = ['number', 'transportDate', 'origin', 'assortment', 'quantity'];

/** Keeps the order things were picked in: those still selected, then the newly ticked. */
const mergeSelection = (current: readonly string[], ticked: ReadonlySet<string>): string[] => [
  ...current.filter((number) => ticked.has(number)),
  ...[...ticked].filter((number) => !current.includes(number)),
];

/**
 * `/invoices/new`: pick a customer, tick its delivered waybills (or come with `?waybills=...` from
 * the waybill list), see the server's preview, create. The selection and the customer live in the
 * URL, so a reload or a shared link shows the same draft.
 */
export function InvoiceNewPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => selectionFromParams(params), [params]);
  // A selection from a link names its customer through the preview, so its waybills show at once.
  const { currentData: preview } = usePreviewInvoiceQuery(previewArgs(selection), { skip: selection.length === 0 });
  const customer = params.get(CUSTOMER_PARAM) ?? preview?.customer ?? '';

  const [pageNumber, setPageNumber] = useState(1);
  const [pageSize, setPageSize] = useState(25);
  const [sort, setSort] = useState<NonNullable<WaybillListParams['sort']>>([]);
  const waybills = useListWaybillsQuery(
    {
      statusIn: [WAYBILL_INVOICEABLE_STATUS],
      destinationCompany: [customer],
      pageNumber,
      pageSize,
      ...(sort.length > 0 ? { sort } : {}),
    },
    { skip: customer === '' },
  );
  const columns = useMemo(() => waybillColumns(t, format).filter((column) => PICKER_COLUMNS.includes(column.id)), [t, format]);

  const setSelection = (next: readonly string[]) => setParams((current) => withSelection(current, next), { replace: true });
  const setCustomer = (next: string | undefined) => {
    setPageNumber(1);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(CUSTOMER_PARAM, next);
        else updated.delete(CUSTOMER_PARAM);
        return updated;
      },
      { replace: true },
    );
  };
  const onCreated = (invoice: Invoice) => {
    void notify(t('invoices.created', { number: invoice.number, customer: invoice.customerName }), { variant: 'success' });
    void navigate(`/invoices/${encodeURIComponent(invoice.number)}`);
  };

  const listError = waybills.error ? extractApiError(waybills.error).message : null;

  return (
    <Page width="workspace" labelledBy="invoice-new-title">
      <PageHeader titleId="invoice-new-title" title={t('invoices.new.title')} back={{ to: '/invoices', label: t('invoices.new.back') }} />
      <div className={styles.columns}>
        <Card compact title={t('invoices.new.pickTitle')}>
          <div className={styles.pick}>
            <MutedText small>{t('invoices.new.pickHint')}</MutedText>
            <div className={styles.customer}>
              <CompanyPicker
                label={t('invoices.new.customer')}
                name="customer"
                isInvoiceCustomer
                value={customer ? [customer] : []}
                onChange={(codes) => setCustomer(codes[codes.length - 1])}
              />
            </div>
            {customer === '' ? (
              <MutedText small>{t('invoices.new.noCustomer')}</MutedText>
            ) : (
              <>
                <Table<WaybillListItem>
                  label={t('invoices.new.pickTitle')}
                  columns={columns}
                  rows={waybills.data?.results}
                  getRowKey={(waybill) => waybill.number}
                  sort={sort}
                  onSortChange={(next) => setSort(next as typeof sort)}
                  loading={waybills.isFetching}
                  error={listError}
                  onRetry={() => void waybills.refetch()}
                  emptyMessage={t('invoices.new.noWaybills')}
                  selection={{ selected: new Set(selection), onChange: (ticked) => setSelection(mergeSelection(selection, ticked)) }}
                  expectedRows={5}
                />
                <Pagination
                  pageNumber={pageNumber}
                  pageSize={pageSize}
                  total={waybills.data?.count}
                  onPageChange={setPageNumber}
                  onPageSizeChange={(size) => {
                    setPageSize(size);
                    setPageNumber(1);
                  }}
                />
              </>
            )}
          </div>
        </Card>
        <InvoiceDraft selection={selection} onSelectionChange={setSelection} onCreated={onCreated} />
      </div>
    </Page>
  );
}
