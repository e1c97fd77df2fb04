import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useFormat } from '@/shared/lib/format';
import { DetailFields, type DetailField } from '@/shared/ui';

import type { Worklog } from '../../api/worklogApi';
import { WorklogActionLabel } from '../WorklogActionLabel/WorklogActionLabel';

import styles from './WorklogDetails.module.css';

export interface WorklogDetailsProps {
  readonly worklog: Worklog;
  /** The unit of the worklog's assortment, which its quantity is in; the number alone until known. */
  readonly unit?: string | null;
}

/** A field before its label is looked up by its key. */
type Item = Omit<DetailField, 'label'>;

/** Every field of a worklog as a description list; its waybill and warehouse are links. */
export function WorklogDetails({ worklog, unit }: WorklogDetailsProps) {
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
    { key: 'quantity', value: worklog.quantity ? format.quantity(worklog.quantity, unit) : none },
    {
      key: 'waybill',
      value: worklog.waybill ? <Link to={`/waybills/${encodeURIComponent(worklog.waybill)}`}>{worklog.waybill}</Link> : none,
    },
    { key: 'durationMinutes', value: t('worklogs.minutes', { value: format.number(worklog.durationMinutes) }) },
    { key: 'createdBy', value: worklog.createdByName ?? worklog.createdBy ?? none },
    { key: 'createdAt', value: format.dateTime(worklog.createdAt) },
    { key: 'lastModifiedAt', value: format.dateTime(worklog.lastModifiedAt) },
    { key: 'notes', value: worklog.notes ? <span className={styles.notes}>{worklog.notes}</span> : none, wide: true },
  ];

  return (
    <DetailFields fields={items.map((item) => ({ ...item, label: t(`worklogs.fields.${item.key}`) }))} minColumnWidth="15rem" largeValues />
  );
}
