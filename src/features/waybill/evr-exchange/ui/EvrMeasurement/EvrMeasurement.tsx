import { evrUnitSymbol, measuredOff, measurementDifference, type Unit } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';

import type { Schema } from '@/shared/api';
import { useFormat } from '@/shared/lib/format';
import { DetailFields } from '@/shared/ui';

import styles from './EvrMeasurement.module.css';

export interface EvrMeasurementViewProps {
  readonly act: NonNullable<Schema<'Waybill'>['evrMeasurement']>;
  /** What was shipped, in `unit`; null when the load is in no one unit of ours (an incoming load of mixed units). */
  readonly quantity: string | null;
  readonly unit: Unit | null;
  /** The measured total in `unit`, when EVR measured in it. */
  readonly measuredQuantity: string | null;
  /** The server's tolerance in percent (GET /api/settings). */
  readonly tolerancePercent: number;
}

/**
 * The receiver's latest measurement act beside what was shipped: the act, the measurer, the
 * measured total, and the difference in units and percent, marked when beyond the tolerance. Our
 * waybill's EVR panel and an incoming waybill's page show it alike.
 */
export function EvrMeasurementView({ act, quantity, unit, measuredQuantity, tolerancePercent }: EvrMeasurementViewProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const difference = quantity ? measurementDifference(quantity, measuredQuantity) : null;
  const off = quantity ? measuredOff({ quantity, evrMeasuredQuantity: measuredQuantity }, tolerancePercent) : null;
  const amount = (value: string | number) => format.quantity(value, unit ?? undefined);
  const measured = measuredQuantity
    ? amount(measuredQuantity)
    : act.total
      ? `${format.number(act.total.amount)} ${evrUnitSymbol(act.total.unit)}`
      : '—';
  const signed = (value: number, text: string) => (value > 0 ? `+${text}` : text);
  return (
    <div className={styles.part}>
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
          { key: 'shipped', label: t('waybills.evr.shipped'), value: quantity ? amount(quantity) : '—' },
          { key: 'measured', label: t('waybills.evr.measured'), value: measured },
          {
            key: 'difference',
            label: t('waybills.evr.difference'),
            // Marked beyond the tolerance it says so in words: a row of its own, so the words do not wrap in a column.
            wide: Boolean(off),
            value: difference ? (
              <span className={off ? styles.off : undefined}>
                {signed(difference.units, amount(difference.units))} ({signed(difference.percent, format.number(difference.percent, 1))} %)
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

/** The notes on a waybill in EVR (the receiver's, a measurer's, ours), oldest first: the words, who, when. */
export function EvrNotes({ notes }: { readonly notes: Schema<'Waybill'>['evrNotes'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={styles.part}>
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
