import { EVR_MEASUREMENT_TOLERANCE_PERCENT, evrStateOf } from '@timberlog/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EVR_STATE_TONES, useRetryWaybillEvrMutation, type Waybill } from '@/entities/waybill';
import { contractMessage, useValueLabels } from '@/shared/i18n';
import { apiCallError } from '@/shared/lib';
import { useFormat } from '@/shared/lib/format';
import { Badge, Button, DetailFields, FormAlert } from '@/shared/ui';

import { EvrMeasurementView, EvrNotes } from '../EvrMeasurement/EvrMeasurement';

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
      {waybill.evrMeasurement ? (
        <EvrMeasurementView
          act={waybill.evrMeasurement}
          quantity={waybill.quantity}
          unit={waybill.unit}
          measuredQuantity={waybill.evrMeasuredQuantity}
          tolerancePercent={tolerancePercent}
        />
      ) : null}
      {waybill.evrNotes.length > 0 ? <EvrNotes notes={waybill.evrNotes} /> : null}
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
