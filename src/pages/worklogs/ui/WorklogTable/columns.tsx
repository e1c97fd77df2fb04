import type { Unit } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';

import { WorklogActionLabel, type Worklog } from '@/entities/worklog';
import type { Formatters } from '@/shared/lib/format';
import type { TableColumn } from '@/shared/ui';

import styles from './WorklogTable.module.css';

/**
 * Every column the worklog list can show (ids of the contract's LIST_COLUMNS); the company has no
 * sort field in the contract.
 */
export function worklogColumns(
  t: TFunction,
  format: Formatters,
  linkState?: unknown,
  unitOf: (assortment: string | null | undefined) => Unit | undefined = () => undefined,
): TableColumn<Worklog>[] {
  const header = (field: string) => t(`worklogs.fields.${field}`);
  return [
    {
      id: 'number',
      header: header('number'),
      sortField: 'number',
      phone: 'title',
      width: '9rem',
      cell: (worklog) => (
        <Link to={`/worklogs/${encodeURIComponent(worklog.number)}`} state={linkState} className={styles.number}>
          {worklog.number}
        </Link>
      ),
    },
    { id: 'timestamp', header: header('timestamp'), sortField: 'timestamp', width: '9.5rem', cell: (l) => format.dateTime(l.timestamp) },
    { id: 'action', header: header('action'), sortField: 'action', width: '7rem', cell: (l) => <WorklogActionLabel action={l.action} /> },
    { id: 'warehouse', header: header('warehouse'), sortField: 'warehouse', truncate: true, cell: (l) => clipped(l.warehouseName) },
    {
      id: 'warehouseCompany',
      header: header('warehouseCompany'),
      phone: 'hide',
      truncate: true,
      cell: (l) => clipped(l.warehouseCompanyName || l.warehouseCompany),
    },
    { id: 'workerName', header: header('workerName'), sortField: 'workerName', truncate: true, cell: (l) => clipped(l.workerName) },
    {
      id: 'assortment',
      header: header('assortment'),
      sortField: 'assortment',
      truncate: true,
      cell: (l) => clipped(l.assortmentName ?? l.assortment ?? ''),
    },
    {
      id: 'quantity',
      header: header('quantity'),
      sortField: 'quantity',
      numeric: true,
      width: '6.5rem',
      cell: (l) => format.quantity(l.quantity, unitOf(l.assortment)),
    },
    {
      id: 'waybill',
      header: header('waybill'),
      sortField: 'waybill',
      width: '9rem',
      cell: (l) => (l.waybill ? <Link to={`/waybills/${encodeURIComponent(l.waybill)}`}>{l.waybill}</Link> : null),
    },
    {
      id: 'durationMinutes',
      header: header('durationMinutes'),
      sortField: 'durationMinutes',
      numeric: true,
      width: '6rem',
      cell: (l) => t('worklogs.minutes', { value: format.number(l.durationMinutes) }),
    },
    { id: 'notes', header: header('notes'), phone: 'hide', truncate: true, cell: (l) => clipped(l.notes) },
    { id: 'createdBy', header: header('createdBy'), phone: 'hide', truncate: true, cell: (l) => clipped(l.createdByName ?? l.createdBy) },
    {
      id: 'createdAt',
      header: header('createdAt'),
      sortField: 'createdAt',
      phone: 'hide',
      width: '9.5rem',
      cell: (l) => format.dateTime(l.createdAt),
    },
    {
      id: 'lastModifiedAt',
      header: header('lastModifiedAt'),
      sortField: 'lastModifiedAt',
      phone: 'hide',
      width: '9.5rem',
      cell: (l) => format.dateTime(l.lastModifiedAt),
    },
  ];
}

/** A long name cut to one line, in full on hover. */
function clipped(text: string | null | undefined) {
  return text ? (
    <span className={styles.clip} title={text}>
      {text}
    </span>
  ) : null;
}
