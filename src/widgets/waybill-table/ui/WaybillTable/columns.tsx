import type { TFunction } from 'i18next';
import { EVR_MEASUREMENT_TOLERANCE_PERCENT, evrStateOf, measuredOff, measurementDifference } from '@timberlog/contract';
import { Link } from 'react-router-dom';

import { WaybillStatusBadge, type WaybillListItem, waybillFieldLabel } from '@/entities/waybill';
import { useValueLabels } from '@/shared/i18n';
import type { Formatters } from '@/shared/lib/format';
import type { TableColumn } from '@/shared/ui';

import styles from './WaybillTable.module.css';

/**
 * Every column the waybill list can show (ids of the contract's LIST_COLUMNS), sortable by its API
 * sort field where the list sorts by it. On a phone a row is a card: the number, then status, date,
 * origin, destination and quantity.
 */
/** `tolerancePercent`: the server's measurement tolerance (GET /api/settings), beyond which a difference is flagged. */
export function waybillColumns(
  t: TFunction,
  format: Formatters,
  linkState?: unknown,
  tolerancePercent: number = EVR_MEASUREMENT_TOLERANCE_PERCENT,
): TableColumn<WaybillListItem>[] {
  const header = (field: string) => waybillFieldLabel(t, field);
  return [
    {
      id: 'number',
      header: header('number'),
      sortField: 'number',
      width: '9.5rem',
      phone: 'title',
      cell: (waybill) => (
        <Link to={`/waybills/${encodeURIComponent(waybill.number)}`} state={linkState} className={styles.number}>
          {waybill.number}
        </Link>
      ),
    },
    { id: 'status', header: header('status'), sortField: 'status', width: '7.5rem', cell: (w) => <WaybillStatusBadge status={w.status} /> },
    {
      id: 'transportDate',
      header: header('transportDate'),
      sortField: 'transportDate',
      width: '7rem',
      cell: (w) => format.date(w.transportDate),
    },
    { id: 'origin', header: header('origin'), sortField: 'origin', truncate: true, cell: (w) => clipped(w.originName || w.origin) },
    {
      id: 'destination',
      header: header('destination'),
      sortField: 'destination',
      truncate: true,
      cell: (w) => clipped(w.destinationName || w.destination),
    },
    {
      id: 'destinationCompany',
      header: header('destinationCompany'),
      phone: 'hide',
      sortField: 'destinationCompany',
      truncate: true,
      cell: (w) => clipped(w.destinationCompanyName || w.destinationCompany),
    },
    {
      id: 'driverName',
      header: header('driverName'),
      sortField: 'driverName',
      // A driver finds their load by driver and truck: both on the phone's card.
      phone: 'show',
      truncate: true,
      cell: (w) => clipped(w.driverName),
      phoneExtra: (w) => ` · ${w.vehicleNumber}`,
    },
    {
      id: 'vehicleNumber',
      header: header('vehicleNumber'),
      sortField: 'vehicleNumber',
      phone: 'hide',
      width: '6.5rem',
      cell: (w) => w.vehicleNumber,
    },
    {
      id: 'assortment',
      header: header('assortment'),
      sortField: 'assortment',
      phone: 'hide',
      truncate: true,
      cell: (w) => clipped(w.assortmentName || w.assortment),
    },
    {
      id: 'quantity',
      header: header('quantity'),
      sortField: 'quantity',
      numeric: true,
      width: '7.5rem',
      cell: (w) => format.quantity(w.quantity, w.unit),
    },
    {
      id: 'mileage',
      header: header('mileage'),
      sortField: 'mileage',
      phone: 'hide',
      numeric: true,
      width: '6rem',
      cell: (w) => t('waybills.kilometres', { value: format.number(w.mileage) }),
    },
    {
      id: 'invoice',
      header: header('invoice'),
      sortField: 'invoice',
      phone: 'hide',
      width: '9rem',
      cell: (w) => (w.invoice ? <Link to={`/invoices/${encodeURIComponent(w.invoice)}`}>{w.invoice}</Link> : null),
    },
    { id: 'notes', header: header('notes'), phone: 'hide', truncate: true, cell: (w) => clipped(w.notes) },
    { id: 'createdBy', header: header('createdBy'), phone: 'hide', truncate: true, cell: (w) => clipped(w.createdByName ?? w.createdBy) },
    {
      id: 'createdAt',
      header: header('createdAt'),
      sortField: 'createdAt',
      phone: 'hide',
      width: '9.5rem',
      cell: (w) => format.dateTime(w.createdAt),
    },
    {
      id: 'lastModifiedAt',
      header: header('lastModifiedAt'),
      sortField: 'lastModifiedAt',
      phone: 'hide',
      width: '9.5rem',
      cell: (w) => format.dateTime(w.lastModifiedAt),
    },
    // The EVR fields (the column chooser's optional ones): not sortable, read as the detail page shows them.
    {
      id: 'ownerCompany',
      header: header('ownerCompany'),
      phone: 'hide',
      truncate: true,
      cell: (w) => clipped(w.ownerCompanyName ?? w.ownerCompany ?? w.ownerPersonName),
    },
    {
      id: 'transporterCompany',
      header: header('transporterCompany'),
      phone: 'hide',
      truncate: true,
      cell: (w) => clipped(w.transporterCompanyName ?? w.transporterCompany),
    },
    {
      id: 'departureTime',
      header: header('departureTime'),
      phone: 'hide',
      width: '9.5rem',
      cell: (w) => (w.departureTime ? format.dateTime(w.departureTime) : null),
    },
    {
      id: 'holdingBasisType',
      header: header('holdingBasisType'),
      phone: 'hide',
      truncate: true,
      cell: (w) => (w.holdingBasisType ? <HoldingBasis type={w.holdingBasisType} /> : null),
    },
    { id: 'cadastralNumber', header: header('cadastralNumber'), phone: 'hide', truncate: true, cell: (w) => clipped(w.cadastralNumber) },
    {
      id: 'certificateClaims',
      header: header('certificateClaims'),
      phone: 'hide',
      truncate: true,
      cell: (w) => (w.certificateClaims.length ? <Claims codes={w.certificateClaims.map((claim) => claim.code)} /> : null),
    },
    { id: 'eudrReferenceNumber', header: header('eudrReferenceNumber'), phone: 'hide', width: '10rem', cell: (w) => w.eudrReferenceNumber },
    {
      id: 'evrNumber',
      header: header('evrNumber'),
      phone: 'hide',
      width: '9rem',
      cell: (w) => w.evrNumber ?? <span className={styles.muted}>{t('waybills.evr.notInEvr')}</span>,
    },
    { id: 'evrState', header: header('evrState'), phone: 'hide', width: '10rem', cell: (w) => <EvrState state={evrStateOf(w)} /> },
    {
      id: 'evrDifference',
      header: header('evrDifference'),
      phone: 'hide',
      width: '8rem',
      numeric: true,
      cell: (w) => {
        const difference = measurementDifference(w.quantity, w.evrMeasuredQuantity);
        if (!difference) return null;
        const text = `${difference.percent > 0 ? '+' : ''}${format.number(difference.percent, 1)} %`;
        return measuredOff(w, tolerancePercent) ? <strong className={styles.off}>{text}</strong> : text;
      },
    },
  ];
}

/** Where a waybill stands in EVR, in words: beside our status, as the filter of the same name. */
function EvrState({ state }: { readonly state: string }) {
  return clipped(useValueLabels().evrState(state));
}

/** A holding basis in words. */
function HoldingBasis({ type }: { readonly type: string }) {
  return clipped(useValueLabels().holdingBasis(type));
}

/** Certificate claims in words, one line. */
function Claims({ codes }: { readonly codes: readonly string[] }) {
  const labels = useValueLabels();
  return clipped(codes.map((code) => labels.certificateClaim(code)).join(', '));
}

/** A long name cut to one line, in full on hover. */
function clipped(text: string | null | undefined) {
  return text ? (
    <span className={styles.clip} title={text}>
      {text}
    </span>
  ) : null;
}
