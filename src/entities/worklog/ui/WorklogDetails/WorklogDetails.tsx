import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useFormat } from '@/shared/lib/format';

import type { Worklog } from '../../api/worklogApi';
import { WorklogActionLabel } from '../WorklogActionLabel/WorklogActionLabel';

import styles from './WorklogDetails.module.css';

export interface WorklogDetailsProps {
  readonly worklog: Worklog;
}

interface Item {
  readonly key: string;
  readonly value: ReactNode;
  readonly wide?: boolean;
}

/** Every field of a worklog as a description list; its waybill and warehouse are links. */
export function WorklogDetails({ worklog }: WorklogDetailsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const none = <span className={styles.none}>{t('worklogs.none')}</span>;
  // There is no warehouse page for ordinary users: the warehouse links to its worklogs.
  const warehouseLink = `/worklogs?${new URLSearchParams({ warehouse: String(worklog.warehouse) }).toString()}`;
  const companyLink = `/worklogs?${new URLSearchParams({ warehouseCompany: worklog.warehouseCompany }).toString()}`;

  const items: readonly Item[] = [
    { key: 'number', value: worklog.number },
    { key: 'timestamp', value: format.dateTime(worklog.timestamp) },
    { key: 'action', value: <WorklogActionLabel action={worklog.action} /> },
    { key: 'warehouse', value: <Link to={warehouseLink}>{worklog.warehouseName}</Link> },
    {
      key: 'warehouseCompany',
      value: (
        <>
          <Link to={companyLink}>{worklog.warehouseCompanyName || worklog.warehouseCompany}</Link>
          <span className={styles.code}>{worklog.warehouseCompany}</span>
        </>
      ),
    },
    { key: 'workerName', value: worklog.workerName },
    {
      key: 'assortment',
      value: worklog.assortment ? (
        <>
          {worklog.assortmentName ?? worklog.assortment}
          <span className={styles.code}>{worklog.assortment}</span>
        </>
      ) : (
        none
      ),
    },
    { key: 'quantity', value: worklog.quantity ? format.number(worklog.quantity) : none },
    {
      key: 'waybill',
      value: worklog.waybill ? <Link to={`/waybills/${encodeURIComponent(worklog.waybill)}`}>{worklog.waybill}</Link> : none,
    },
    { key: 'durationMinutes', value: t('worklogs.minutes', { value: format.number(worklog.durationMinutes) }) },
    { key: 'createdBy', value: worklog.createdBy ?? none },
    { key: 'createdAt', value: format.dateTime(worklog.createdAt) },
    { key: 'lastModifiedAt', value: format.dateTime(worklog.lastModifiedAt) },
    { key: 'notes', value: worklog.notes ? <span className={styles.notes}>{worklog.notes}</span> : none, wide: true },
  ];

  return (
    <dl className={styles.list}>
      {items.map((item) => (
        <div key={item.key} className={item.wide ? `${styles.item} ${styles.wide}` : styles.item}>
          <dt className={styles.term}>{t(`worklogs.fields.${item.key}`)}</dt>
          <dd className={styles.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
