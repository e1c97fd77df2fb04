import { HOLDING_BASIS, isHoldingBasisType } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useValueLabels } from '@/shared/i18n';
import { useFormat } from '@/shared/lib/format';
import { DetailFields, type DetailField } from '@/shared/ui';

import type { Waybill } from '../../api/waybillApi';
import { WaybillStatusBadge } from '../WaybillStatusBadge/WaybillStatusBadge';

import styles from './WaybillDetails.module.css';
import { waybillFieldLabel } from '../../lib/fieldLabel';

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
  const labels = useValueLabels();
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
    { key: 'createdBy', value: waybill.createdByName ?? waybill.createdBy ?? none },
    { key: 'createdAt', value: format.dateTime(waybill.createdAt) },
    { key: 'lastModifiedAt', value: format.dateTime(waybill.lastModifiedAt) },
    { key: 'notes', value: waybill.notes ? <span className={styles.notes}>{waybill.notes}</span> : none, wide: true },
    ...evrItems(),
  ];

  /** The EVR fields: parties, transport, the holding basis with its type's fields, claims, EUDR and where it stands in EVR. */
  function evrItems(): Item[] {
    const text = (value: string | null) => value || none;
    const company = (code: string | null, name: string | null) =>
      code ? (
        <>
          {name || code}
          {name && name !== code ? <span className={styles.code}>{code}</span> : null}
        </>
      ) : null;
    const owner =
      company(waybill.ownerCompany, waybill.ownerCompanyName) ??
      (waybill.ownerPersonName || waybill.ownerPersonCode ? (
        <>
          {waybill.ownerPersonName}
          {waybill.ownerPersonCode ? <span className={styles.code}>{waybill.ownerPersonCode}</span> : null}
        </>
      ) : (
        none
      ));
    const type = isHoldingBasisType(waybill.holdingBasisType) ? waybill.holdingBasisType : undefined;
    const basisFields = (type ? HOLDING_BASIS[type].fields : []).map(
      (field): Item => ({
        key: field,
        value: field === 'contractDate' ? (waybill.contractDate ? format.date(waybill.contractDate) : none) : text(waybill[field]),
      }),
    );
    return [
      { key: 'ownerCompany', value: owner },
      { key: 'transporterCompany', value: company(waybill.transporterCompany, waybill.transporterCompanyName) ?? none },
      { key: 'departureTime', value: waybill.departureTime ? format.dateTime(waybill.departureTime) : none },
      { key: 'driverIdCode', value: text(waybill.driverIdCode) },
      { key: 'driverPhone', value: text(waybill.driverPhone) },
      { key: 'trailerNumber', value: text(waybill.trailerNumber) },
      { key: 'grossMass', value: waybill.grossMass ? format.quantity(waybill.grossMass, 't') : none },
      { key: 'holdingBasisType', value: type ? labels.holdingBasis(type) : none },
      ...basisFields,
      {
        key: 'certificateClaims',
        value: waybill.certificateClaims.length
          ? waybill.certificateClaims
              .map((claim) => `${labels.certificateClaim(claim.code)}${claim.number ? ` (${claim.number})` : ''}`)
              .join(', ')
          : none,
      },
      { key: 'eudrReferenceNumber', value: text(waybill.eudrReferenceNumber) },
      { key: 'eudrVerificationNumber', value: text(waybill.eudrVerificationNumber) },
    ];
  }

  return (
    <DetailFields fields={items.map((item) => ({ ...item, label: waybillFieldLabel(t, item.key) }))} minColumnWidth="15rem" largeValues />
  );
}
