import { EVR_MEASUREMENT_TOLERANCE_PERCENT, evrStateOf, measurementDifference, measuredOff } from '@timberlog/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EVR_STATE_TONES, useRetryWaybillEvrMutation, type Waybill } from '@/entities/waybill';
import { contractMessage, useValueLabels } from '@/shared/i18n';
import { apiCallError } from '@/shared/lib';
import { useFormat } from '@/shared/lib/format';
import { Badge, Button, DetailFields, FormAlert } from '@/shared/ui';

import styles from './EvrPanel.module.css';

export interface EvrPanelProps {
  readonly waybill: Pick<
    Waybill,
    | 'number'
    | 'status'
    | 'version'
    | 'quantity'
    | 'unit'
    | 'evrNumber'
    | 'evrStatus'
    | 'evrSync'
    | 'evrFailure'
    | 'evrError'
    | 'evrExchangedAt'
    | 'evrMeasurement'
    | 'evrMeasuredQuantity'
    | 'evrNotes'
  >;
  /** Whether this server has a connection to EVR (off: the panel says so instead of "not in EVR"). */
  readonly connected?: boolean;
  /** The server's measurement tolerance in percent (GET /api/settings); the contract's default until known. */
  readonly tolerancePercent?: number;
}

/**
 * The waybill in EVR, the national register of timber waybills: its EVR number and EVR's status
 * beside ours, when EVR last answered, and when the exchange failed, why (in the API's words) with
 * a Retry that sends it again.
 */
export function EvrPanel({ waybill, connected = true, tolerancePercent = EVR_MEASUREMENT_TOLERANCE_PERCENT }: EvrPanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const labels = useValueLabels();
  const [retry, { isLoading }] = useRetryWaybillEvrMutation();
  const [error, setError] = useState<string | null>(null);
  const state = evrStateOf(waybill);
  const failure = waybill.evrSync === 'failed' && waybill.evrFailure ? waybill.evrFailure : null;

  return (
    <section className={styles.panel} aria-labelledby="evr-panel-title">
      <div className={styles.head}>
        <h2 id="evr-panel-title" className={styles.title}>
          {t('waybills.evr.panelTitle')}
        </h2>
        <Badge tone={EVR_STATE_TONES[state]}>{labels.evrState(state)}</Badge>
      </div>
      {state === 'notSent' ? (
        <p className={styles.note}>
          {!connected
            ? t('waybills.evr.offText')
            : waybill.status === 'draft'
              ? t('waybills.evr.notSentText')
              : // Confirmed before the waybills went to EVR (or imported so): nothing will send it now.
                t('waybills.evr.notSentBefore')}
        </p>
      ) : (
        <DetailFields
          compact
          fields={[
            { key: 'number', label: t('waybills.evr.number'), value: waybill.evrNumber ?? '—' },
            { key: 'status', label: t('waybills.evr.status'), value: waybill.evrStatus ? labels.evrState(waybill.evrStatus) : '—' },
            {
              key: 'exchanged',
              label: t('waybills.evr.exchangedAt'),
              value: waybill.evrExchangedAt ? format.dateTime(waybill.evrExchangedAt) : '—',
            },
          ]}
        />
      )}
      {waybill.evrMeasurement ? <Measurement waybill={waybill} tolerancePercent={tolerancePercent} /> : null}
      {waybill.evrNotes.length > 0 ? <Notes notes={waybill.evrNotes} /> : null}
      {state === 'sending' ? (
        <p className={styles.note} role="status">
          {t('waybills.evr.sendingText')}
        </p>
      ) : null}
      {failure ? (
        <div className={styles.failure}>
          <FormAlert>{contractMessage(`evr.failure.${failure}`, { detail: waybill.evrError ?? '' })}</FormAlert>
          <div>
            <Button
              variant="secondary"
              disabled={isLoading}
              onClick={() => {
                setError(null);
                void apiCallError(() => retry({ number: waybill.number, version: waybill.version })).then(setError);
              }}
            >
              {isLoading ? t('waybills.evr.retrying') : t('waybills.evr.retry')}
            </Button>
          </div>
        </div>
      ) : null}
      {error ? <FormAlert>{error}</FormAlert> : null}
    </section>
  );
}

/**
 * The receiver's latest measurement act beside what was shipped: the act, the measured total, and
 * the difference in units and percent, marked when beyond the tolerance.
 */
function Measurement({ waybill, tolerancePercent }: { readonly waybill: EvrPanelProps['waybill']; readonly tolerancePercent: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const act = waybill.evrMeasurement!;
  const difference = measurementDifference(waybill.quantity, waybill.evrMeasuredQuantity);
  const off = measuredOff(waybill, tolerancePercent);
  const measured = waybill.evrMeasuredQuantity
    ? format.quantity(waybill.evrMeasuredQuantity, waybill.unit)
    : act.total
      ? `${format.number(act.total.amount)} ${act.total.unit}`
      : '—';
  const signed = (value: number, text: string) => (value > 0 ? `+${text}` : text);
  return (
    <div className={styles.measurement}>
      <h3 className={styles.subtitle}>{t('waybills.evr.measurementTitle')}</h3>
      <DetailFields
        compact
        fields={[
          {
            key: 'act',
            label: t('waybills.evr.act'),
            value: [act.actNumber, act.actDate ? format.date(act.actDate.slice(0, 10)) : null].filter(Boolean).join(', ') || '—',
          },
          {
            key: 'measurer',
            label: t('waybills.evr.measurer'),
            value: act.measurerName && act.measurerCode ? `${act.measurerName} (${act.measurerCode})` : (act.measurerCode ?? '—'),
          },
          { key: 'shipped', label: t('waybills.evr.shipped'), value: format.quantity(waybill.quantity, waybill.unit) },
          { key: 'measured', label: t('waybills.evr.measured'), value: measured },
          {
            key: 'difference',
            label: t('waybills.evr.difference'),
            value: difference ? (
              <span className={off ? styles.off : undefined}>
                {signed(difference.units, format.quantity(difference.units, waybill.unit))} (
                {signed(difference.percent, format.number(difference.percent, 1))} %)
                {off ? ` · ${t('waybills.evr.beyondTolerance', { percent: tolerancePercent })}` : ''}
              </span>
            ) : (
              t('waybills.evr.otherUnit')
            ),
          },
        ]}
      />
    </div>
  );
}

/** The notes on the waybill in EVR (the receiver's, a measurer's, ours), oldest first: the words, who, when. */
function Notes({ notes }: { readonly notes: EvrPanelProps['waybill']['evrNotes'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={styles.measurement}>
      <h3 className={styles.subtitle}>{t('waybills.evr.notesTitle')}</h3>
      <ul className={styles.notes}>
        {notes.map((note, i) => (
          <li key={`${note.creationTime ?? ''}-${i}`}>
            <p className={styles.noteText}>{note.message}</p>
            <p className={styles.noteBy}>
              {[
                note.creatorName && note.creatorCode ? `${note.creatorName} (${note.creatorCode})` : (note.creatorName ?? note.creatorCode),
                note.creationTime ? format.dateTime(note.creationTime) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
