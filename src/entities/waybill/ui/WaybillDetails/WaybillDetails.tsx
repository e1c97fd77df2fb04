import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useFormat } from '@/shared/lib/format';
import { DetailFields, type DetailField } from '@/shared/ui';

import type { Waybill } from '../../api/waybillApi';
import { WaybillStatusBadge } from '../WaybillStatusBadge/WaybillStatusBadge';

import styles from './WaybillDetails.module.css';

export interface WaybillDetailsProps {
  readonly waybill: Waybill;
}

/** A field before its label is looked up by its key. */
type Item = Omit<DetailField, 'label'>;

/** A name with its code beside it, linked to the list filtered by that code. */
function Named({ name, code, to }: { readonly name: string; readonly code: string; readonly to: string }) {
  return (
    <>
      <Link to={to}>{name || code}</Link>
      {name && name !== code ? <span className={styles.code}>{code}</span> : null}
    </>
  );
}

/** Every field of a waybill as a description list, with its related records as links. */
export function WaybillDetails({ waybill }: WaybillDetailsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const none = <span className={styles.none}>{t('waybills.none')}</span>;
  const filtered = (param: string, value: string) => `/waybills?${new URLSearchParams({ [param]: value }).toString()}`;

  const items: readonly Item[] = [
    { key: 'number', value: waybill.number },
    { key: 'status', value: <WaybillStatusBadge status={waybill.status} /> },
    { key: 'transportDate', value: format.date(waybill.transportDate) },
    { key: 'origin', value: <Named name={waybill.originName} code={waybill.origin} to={filtered('origin', waybill.origin)} /> },
    {
      key: 'destination',
      value: <Named name={waybill.destinationName} code={waybill.destination} to={filtered('destination', waybill.destination)} />,
    },
    {
      key: 'destinationCompany',
      value: (
        <Named
          name={waybill.destinationCompanyName}
          code={waybill.destinationCompany}
          to={filtered('destinationCompany', waybill.destinationCompany)}
        />
      ),
    },
    { key: 'driverName', value: waybill.driverName },
    { key: 'vehicleNumber', value: waybill.vehicleNumber },
    { key: 'mileage', value: t('waybills.kilometres', { value: format.number(waybill.mileage) }) },
    {
      key: 'assortment',
      value: <Named name={waybill.assortmentName} code={waybill.assortment} to={filtered('assortment', waybill.assortment)} />,
    },
    { key: 'quantity', value: format.quantity(waybill.quantity, waybill.unit) },
    {
      key: 'invoice',
      value: waybill.invoice ? <Link to={`/invoices/${encodeURIComponent(waybill.invoice)}`}>{waybill.invoice}</Link> : none,
    },
    { key: 'createdBy', value: waybill.createdBy ?? none },
    { key: 'createdAt', value: format.dateTime(waybill.createdAt) },
    { key: 'lastModifiedAt', value: format.dateTime(waybill.lastModifiedAt) },
    { key: 'notes', value: waybill.notes ? <span className={styles.notes}>{waybill.notes}</span> : none, wide: true },
  ];

  return (
    <DetailFields fields={items.map((item) => ({ ...item, label: t(`waybills.fields.${item.key}`) }))} minColumnWidth="15rem" largeValues />
  );
}
