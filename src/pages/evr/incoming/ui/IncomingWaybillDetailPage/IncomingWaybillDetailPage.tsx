import { EVR_MEASUREMENT_TOLERANCE_PERCENT } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';

import { EvrMeasurementView, EvrNotes } from '@/features/waybill/evr-exchange';
import { RecordHistory, type HistoryField } from '@/entities/history';
import { incomingItemAmount, incomingLoad, useGetIncomingWaybillQuery, type IncomingWaybill } from '@/entities/incoming-waybill';
import { useGetSettingsQuery } from '@/entities/settings';
import { EVR_STATE_TONES, waybillFieldLabel } from '@/entities/waybill';
import { isApiError } from '@/shared/api';
import { useValueLabels } from '@/shared/i18n';
import { useFormat } from '@/shared/lib/format';
import { Badge, Card, DetailFields, MutedText, Page, PageHeader, RecordPageFallback } from '@/shared/ui';

import styles from './IncomingWaybillDetailPage.module.css';

const party = (p: { readonly name: string; readonly code: string } | null): string => (p ? `${p.name} (${p.code})` : '—');

/**
 * One incoming waybill, read-only: a load in EVR addressed to us that another company started, as
 * EVR last answered it (its parties, transport, origin and certificates, the items, EVR's dates and
 * notes, the receiver's measurement) and its history via EVR. It follows EVR's changes live.
 */
export function IncomingWaybillDetailPage() {
  const { t } = useTranslation();
  const { number = '' } = useParams();
  const { data: waybill, error, isLoading, isFetching, refetch } = useGetIncomingWaybillQuery(number);
  const header = { titleId: 'incoming-title', back: { to: '/waybills/incoming', label: t('incoming.detail.back') } };

  if (isLoading || !waybill) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <RecordPageFallback
        {...header}
        title={t('incoming.detail.title', { number })}
        loading={isLoading}
        notFound={notFound ? { title: t('incoming.detail.notFoundTitle'), text: t('incoming.detail.notFoundText', { number }) } : null}
        failure={isApiError(error) ? error.message : t('errors.unexpectedError')}
        retryLabel={t('incoming.retry')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  }
  return <IncomingWaybillView waybill={waybill} />;
}

function IncomingWaybillView({ waybill: w }: { readonly waybill: IncomingWaybill }) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useValueLabels();
  const tolerance = useGetSettingsQuery().data?.evrTolerancePercent ?? EVR_MEASUREMENT_TOLERANCE_PERCENT;
  const label = (field: string) => t(`incoming.fields.${field}`);
  const time = (value: string | null) => (value ? format.dateTime(value) : '—');
  const text = (value: string | null | undefined) => value || '—';
  return (
    <Page width="detail" labelledBy="incoming-title">
      <PageHeader
        titleId="incoming-title"
        back={{ to: '/waybills/incoming', label: t('incoming.detail.back') }}
        title={t('incoming.detail.title', { number: w.evrNumber })}
        badge={
          <span className={styles.badges}>
            <Badge tone={EVR_STATE_TONES[w.evrStatus]}>{labels.evrState(w.evrStatus)}</Badge>
            <Badge tone="neutral">{t('incoming.fromEvr')}</Badge>
          </span>
        }
      />
      <MutedText>{t('incoming.detail.readOnly')}</MutedText>
      <Card title={t('incoming.detail.parties')}>
        <DetailFields
          fields={[
            { key: 'owner', label: label('owner'), value: party(w.owner) },
            { key: 'transporter', label: label('transporter'), value: party(w.transporter) },
            { key: 'place', label: label('placeOfDelivery'), value: w.destinationName ?? w.placeOfDelivery.name },
          ]}
        />
      </Card>
      <Card title={t('incoming.detail.transport')}>
        <DetailFields
          fields={[
            { key: 'driver', label: label('driverName'), value: text(w.driverName) },
            { key: 'driverIdCode', label: label('driverIdCode'), value: text(w.driverIdCode) },
            { key: 'driverPhone', label: label('driverPhone'), value: text(w.driverPhone) },
            { key: 'vehicle', label: label('vehicleNumber'), value: text(w.vehicleNumber) },
            { key: 'trailer', label: label('trailerNumber'), value: text(w.trailerNumber) },
            { key: 'departure', label: label('departureTime'), value: time(w.departureTime) },
            {
              key: 'mileage',
              label: label('totalJourneyMileage'),
              value: w.totalJourneyMileage === null ? '—' : `${format.number(w.totalJourneyMileage)} km`,
            },
          ]}
        />
      </Card>
      <Card title={t('incoming.detail.origin')}>
        <DetailFields
          fields={[
            { key: 'source', label: label('sourceName'), value: text(w.sourceName) },
            { key: 'basis', label: label('holdingBasisType'), value: w.holdingBasisType ? labels.holdingBasis(w.holdingBasisType) : '—' },
            { key: 'cadastre', label: label('cadastralNumber'), value: text(w.cadastralNumber) },
            {
              key: 'claims',
              label: label('certificateClaims'),
              value:
                w.certificateClaims.length > 0
                  ? w.certificateClaims
                      .map((c) => (c.number ? `${labels.certificateClaim(c.code)} (${c.number})` : labels.certificateClaim(c.code)))
                      .join(', ')
                  : '—',
            },
            { key: 'eudrReference', label: waybillFieldLabel(t, 'eudrReferenceNumber'), value: text(w.eudrReferenceNumber) },
            { key: 'eudrVerification', label: waybillFieldLabel(t, 'eudrVerificationNumber'), value: text(w.eudrVerificationNumber) },
          ]}
        />
      </Card>
      <Card title={t('incoming.detail.load')} aside={incomingLoad(w, t, format)}>
        <table className={styles.items}>
          <caption className={styles.caption}>{t('incoming.detail.itemsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{label('assortment')}</th>
              <th scope="col" className={styles.number}>
                {label('amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {w.items.map((item, i) => (
              <tr key={`${item.assortment ?? ''}-${i}`}>
                <td>{[item.assortment, item.name].filter(Boolean).join(' · ') || '—'}</td>
                <td className={styles.number}>{incomingItemAmount(item, format)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card title={t('incoming.detail.evr')} stack>
        <DetailFields
          fields={[
            { key: 'created', label: label('createdInEvr'), value: time(w.createdInEvr) },
            { key: 'unloaded', label: label('unloadedAt'), value: time(w.unloadedAt) },
            { key: 'finished', label: label('finishedAt'), value: time(w.finishedAt) },
            ...(w.cancelledAt
              ? [
                  { key: 'cancelled', label: label('cancelledAt'), value: time(w.cancelledAt) },
                  { key: 'reason', label: label('cancellationReason'), value: text(w.cancellationReason), wide: true },
                ]
              : []),
            ...(w.comment ? [{ key: 'comment', label: label('comment'), value: w.comment, wide: true }] : []),
          ]}
        />
        {w.evrMeasurement ? (
          <EvrMeasurementView
            act={w.evrMeasurement}
            quantity={w.quantity}
            unit={w.unit}
            measuredQuantity={w.evrMeasuredQuantity}
            tolerancePercent={tolerance}
          />
        ) : null}
        {w.evrNotes.length > 0 ? <EvrNotes notes={w.evrNotes} /> : null}
      </Card>
      <Card>
        <IncomingHistory number={w.evrNumber} />
      </Card>
    </Page>
  );
}

/** What EVR changed, newest first, each value as the page shows it. */
function IncomingHistory({ number }: { readonly number: string }) {
  const { t } = useTranslation();
  const labels = useValueLabels();
  const fields: Record<string, HistoryField> = {
    evrStatus: { label: t('incoming.fields.evrStatus'), format: labels.evrState },
  };
  return <RecordHistory entity="incoming_waybill" recordKey={number} fields={fields} />;
}
