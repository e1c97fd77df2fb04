import { EVR_MEASUREMENT_TOLERANCE_PERCENT, INCOMING_WAYBILL_LIST, measuredOff, measurementDifference } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';

import { ListFilters, type FilterFieldSpec } from '@/widgets/list-filters';
import { ListView } from '@/widgets/list-view';
import {
  incomingLoad,
  incomingPath,
  useListIncomingWaybillsQuery,
  type IncomingWaybill,
  type IncomingWaybillListParams,
} from '@/entities/incoming-waybill';
import { useGetSettingsQuery } from '@/entities/settings';
import { EVR_STATE_TONES } from '@/entities/waybill';
import { useValueLabels, type ValueLabels } from '@/shared/i18n';
import { useFormat, type Formatters } from '@/shared/lib/format';
import { useListQuery } from '@/shared/lib/list-query';
import { Badge, MutedText, Page, type TableColumn } from '@/shared/ui';

import styles from './IncomingWaybillsPage.module.css';

/** The list's filters, as the API names them. */
const filterFields = (t: TFunction, labels: ValueLabels): FilterFieldSpec[] => [
  { name: 'evrStatusIn', label: t('incoming.fields.evrStatus'), optionLabel: labels.evrState },
  { name: 'destination', label: t('incoming.fields.destination') },
];

const columnsOf = (t: TFunction, format: Formatters, labels: ValueLabels, tolerance: number): TableColumn<IncomingWaybill>[] => [
  {
    id: 'evrNumber',
    header: t('incoming.fields.evrNumber'),
    sortField: 'evrNumber',
    phone: 'title',
    width: '9rem',
    cell: (w) => <Link to={incomingPath(w.evrNumber)}>{w.evrNumber}</Link>,
  },
  {
    id: 'evrStatus',
    header: t('incoming.fields.evrStatus'),
    width: '8rem',
    cell: (w) => <Badge tone={EVR_STATE_TONES[w.evrStatus]}>{labels.evrState(w.evrStatus)}</Badge>,
  },
  { id: 'owner', header: t('incoming.fields.owner'), truncate: true, cell: (w) => w.owner.name },
  {
    id: 'departureTime',
    header: t('incoming.fields.departureTime'),
    sortField: 'departureTime',
    width: '10rem',
    cell: (w) => (w.departureTime ? format.dateTime(w.departureTime) : '—'),
  },
  {
    id: 'vehicle',
    header: t('incoming.fields.vehicle'),
    phone: 'hide',
    truncate: true,
    cell: (w) => [w.vehicleNumber, w.driverName].filter(Boolean).join(' · ') || '—',
  },
  {
    id: 'place',
    header: t('incoming.fields.placeOfDelivery'),
    phone: 'hide',
    truncate: true,
    cell: (w) => w.destinationName ?? w.placeOfDelivery.name,
  },
  { id: 'load', header: t('incoming.fields.load'), numeric: true, width: '8rem', cell: (w) => incomingLoad(w, t, format) },
  {
    id: 'measured',
    header: t('incoming.fields.difference'),
    numeric: true,
    phone: 'hide',
    width: '7rem',
    cell: (w) => {
      const difference = w.quantity ? measurementDifference(w.quantity, w.evrMeasuredQuantity) : null;
      if (!difference || !w.quantity) return null;
      const text = `${difference.percent > 0 ? '+' : ''}${format.number(difference.percent, 1)} %`;
      return measuredOff({ quantity: w.quantity, evrMeasuredQuantity: w.evrMeasuredQuantity }, tolerance) ? (
        <strong className={styles.off}>{text}</strong>
      ) : (
        text
      );
    },
  },
];

/**
 * `/waybills/incoming`: loads in EVR addressed to us that other companies started (a forest owner,
 * a supplier, a carrier), as EVR last answered; newest departure first. EVR's changes arrive live.
 */
export function IncomingWaybillsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useValueLabels();
  const navigate = useNavigate();
  const query = useListQuery<IncomingWaybillListParams>(INCOMING_WAYBILL_LIST);
  const result = useListIncomingWaybillsQuery(query.params);
  const tolerance = useGetSettingsQuery().data?.evrTolerancePercent ?? EVR_MEASUREMENT_TOLERANCE_PERCENT;
  const fields = useMemo(() => filterFields(t, labels), [t, labels]);
  const columns = useMemo(() => columnsOf(t, format, labels, tolerance), [t, format, labels, tolerance]);
  return (
    <Page width="wide">
      <ListView<IncomingWaybill>
        title={t('incoming.list.title')}
        toolbar={<MutedText>{t('incoming.list.lead')}</MutedText>}
        query={query}
        result={result}
        filterBar={<ListFilters query={query} fields={fields} />}
        columns={columns}
        getRowKey={(w) => w.evrNumber}
        onRowOpen={(w) => void navigate(incomingPath(w.evrNumber))}
        emptyMessage={t('incoming.list.empty')}
      />
    </Page>
  );
}
