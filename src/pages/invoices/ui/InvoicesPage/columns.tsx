import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';

import { formatMoney, InvoiceStatusBadge, type Invoice } from '@/entities/invoice';
import type { Formatters } from '@/shared/lib/format';
import type { TableColumn } from '@/shared/ui';

import styles from './InvoicesPage.module.css';

export const invoicePath = (number: string) => `/invoices/${encodeURIComponent(number)}`;

/**
 * The invoice list's columns; sortable where the list contract sorts. The list shows those the
 * contract's LIST_COLUMNS name, as the user chose them.
 */
export function invoiceColumns(t: TFunction, format: Formatters, linkState?: unknown): TableColumn<Invoice>[] {
  const header = (field: string) => t(`invoices.fields.${field}`);
  return [
    {
      id: 'number',
      header: header('number'),
      sortField: 'number',
      phone: 'title',
      width: '9.5rem',
      cell: (invoice) => (
        <Link to={invoicePath(invoice.number)} state={linkState} className={styles.number}>
          {invoice.number}
        </Link>
      ),
    },
    {
      id: 'status',
      header: header('status'),
      sortField: 'status',
      width: '9rem',
      cell: (invoice) => <InvoiceStatusBadge status={invoice.status} />,
    },
    {
      id: 'customer',
      header: header('customer'),
      sortField: 'customer',
      truncate: true,
      cell: (invoice) => invoice.customerName || invoice.customer,
    },
    {
      id: 'issueDate',
      header: header('issueDate'),
      sortField: 'issueDate',
      width: '7.5rem',
      cell: (invoice) => format.date(invoice.issueDate),
    },
    { id: 'dueDate', header: header('dueDate'), sortField: 'dueDate', width: '7.5rem', cell: (invoice) => format.date(invoice.dueDate) },
    {
      id: 'grossTotal',
      header: header('grossTotal'),
      sortField: 'grossTotal',
      numeric: true,
      width: '9rem',
      cell: (invoice) => formatMoney(invoice.grossTotal, invoice.currency, format.locale),
    },
    {
      id: 'waybills',
      header: header('waybillCount'),
      numeric: true,
      width: '6.5rem',
      cell: (invoice) => format.number(invoice.waybills.length),
    },
    {
      id: 'syncAttempts',
      header: header('syncAttempts'),
      phone: 'hide',
      numeric: true,
      width: '8rem',
      cell: (invoice) => format.number(invoice.syncAttempts),
    },
    {
      id: 'netTotal',
      header: header('netTotal'),
      sortField: 'netTotal',
      numeric: true,
      width: '9rem',
      cell: (invoice) => formatMoney(invoice.netTotal, invoice.currency, format.locale),
    },
    {
      id: 'vatTotal',
      header: header('vatTotal'),
      phone: 'hide',
      numeric: true,
      width: '8rem',
      cell: (invoice) => formatMoney(invoice.vatTotal, invoice.currency, format.locale),
    },
    {
      id: 'syncedAt',
      header: header('syncedAt'),
      sortField: 'syncedAt',
      phone: 'hide',
      width: '9.5rem',
      cell: (invoice) => format.dateTime(invoice.syncedAt),
    },
    {
      id: 'createdBy',
      header: header('createdBy'),
      phone: 'hide',
      truncate: true,
      cell: (invoice) => invoice.createdByName ?? invoice.createdBy,
    },
    {
      id: 'createdAt',
      header: header('createdAt'),
      sortField: 'createdAt',
      phone: 'hide',
      width: '9.5rem',
      cell: (invoice) => format.dateTime(invoice.createdAt),
    },
    {
      id: 'lastModifiedAt',
      header: header('lastModifiedAt'),
      sortField: 'lastModifiedAt',
      phone: 'hide',
      width: '9.5rem',
      cell: (invoice) => format.dateTime(invoice.lastModifiedAt),
    },
  ];
}
