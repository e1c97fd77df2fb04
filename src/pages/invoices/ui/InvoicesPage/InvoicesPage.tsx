import { INVOICE_LIST } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';

import { ListFilters, type FilterFieldSpec } from '@/widgets/list-filters';
import { InvoiceTotalsFooter } from '@/widgets/list-totals';
import { ListView } from '@/widgets/list-view';
import { ListChangesNotice } from '@/features/live-updates';
import { columnLabelOf, ListViewsBar, pickColumns, useListViews, VIEW_PARAM } from '@/features/saved-views';
import { useListInvoicesQuery, type Invoice, type InvoiceListParams } from '@/entities/invoice';
import { useValueLabels, type ValueLabels } from '@/shared/i18n';
import { useFormat } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-query';
import { Button, Page } from '@/shared/ui';

import { invoiceColumns, invoicePath } from './columns';

/** The invoice list's filters, as the API names them; created and modified ranges come with the bar. */
const filterFields = (t: TFunction, valueLabels: ValueLabels): FilterFieldSpec[] => [
  { name: 'statusIn', label: t('invoices.fields.status'), optionLabel: valueLabels.invoiceStatus },
  { name: 'customer', label: t('invoices.fields.customer') },
  { name: 'issueDateAfter', to: 'issueDateBefore', label: t('invoices.fields.issueDate') },
];

const LIST_OPTIONS = { otherParams: [VIEW_PARAM] };

/** `/invoices`: the list in the URL's state; a row opens its invoice, which leads back to this view. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const { search } = useLocation();
  const query = useListQuery<InvoiceListParams>(INVOICE_LIST, LIST_OPTIONS);
  const views = useListViews('invoices', query);
  const result = useListInvoicesQuery(query.params);
  const valueLabels = useValueLabels();
  const fields = useMemo(() => filterFields(t, valueLabels), [t, valueLabels]);
  const linkState = useMemo(() => ({ listSearch: search }), [search]);
  const allColumns = useMemo(() => invoiceColumns(t, format, linkState), [t, format, linkState]);
  const columns = useMemo(() => pickColumns(allColumns, views.columns), [allColumns, views.columns]);
  const columnLabel = useMemo(() => columnLabelOf(allColumns), [allColumns]);

  return (
    <Page width="list">
      <ListView<Invoice>
        title={t('invoices.list.title')}
        actions={<Button to="/invoices/new">{t('invoices.list.new')}</Button>}
        query={query}
        result={result}
        viewsBar={<ListViewsBar views={views} columnLabel={columnLabel} />}
        filterBar={<ListFilters query={query} fields={fields} />}
        footer={<InvoiceTotalsFooter params={query.params} />}
        density={views.density}
        toolbar={<ListChangesNotice entity="invoice" since={result.startedTimeStamp} />}
        columns={columns}
        getRowKey={(invoice) => invoice.number}
        onRowOpen={(invoice) => void navigate(invoicePath(invoice.number), { state: linkState })}
        emptyMessage={t('invoices.list.empty')}
      />
    </Page>
  );
}
