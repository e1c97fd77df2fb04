import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { isApiError } from '@/shared/api';
import { useFormat } from '@/shared/lib/format';
import { Button, MutedText, Skeleton } from '@/shared/ui';

import { useGetHistoryQuery, type HistoryEntry, type HistoryOf } from '../../api/historyApi';

import styles from './RecordHistory.module.css';

/** How the timeline names a field and shows its values (as everywhere else in the app). */
export interface HistoryField {
  readonly label: string;
  /** The value as the server recorded it (text) to show; as it is by default. */
  readonly format?: (value: string) => string;
}

export interface RecordHistoryProps {
  readonly entity: HistoryOf;
  /** The record's key: a waybill's number, an account's email. */
  readonly recordKey: string;
  /** The fields the timeline may meet; others show by their API name. */
  readonly fields: Readonly<Record<string, HistoryField>>;
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "2 hours ago", "just now": how long ago `iso` was, in the language. */
function relativeTime(iso: string, locale: string, now = Date.now()): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let amount = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size) return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}

/**
 * A record's history as a timeline, newest first: who changed what, from what to what, when, how
 * (an import, a bulk action, a job) and why (a correction's reason). Older changes load on request.
 */
export function RecordHistory({ entity, recordKey, fields }: RecordHistoryProps) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  return (
    <section className={styles.history} aria-labelledby={`history-${entity}`}>
      <h2 id={`history-${entity}`} className={styles.title}>
        {t('history.title')}
      </h2>
      {Array.from({ length: pages }, (_, index) => (
        <HistoryPageView
          key={index + 1}
          entity={entity}
          recordKey={recordKey}
          fields={fields}
          pageNumber={index + 1}
          isLast={index + 1 === pages}
          onMore={() => setPages(pages + 1)}
        />
      ))}
    </section>
  );
}

interface HistoryPageViewProps extends RecordHistoryProps {
  readonly pageNumber: number;
  readonly isLast: boolean;
  readonly onMore: () => void;
}

function HistoryPageView({ entity, recordKey, fields, pageNumber, isLast, onMore }: HistoryPageViewProps) {
  const { t } = useTranslation();
  const { data, error, isLoading, isFetching, refetch } = useGetHistoryQuery({ entity, key: recordKey, pageNumber });

  if (isLoading) {
    return (
      <div aria-busy="true">
        <MutedText>{t('history.loading')}</MutedText>
        <div className={styles.skeletons}>
          <Skeleton width="60%" />
          <Skeleton width="80%" />
          <Skeleton width="45%" />
        </div>
      </div>
    );
  }
  if (!data) {
    return (
      <div className={styles.problem}>
        <MutedText role="alert">{isApiError(error) ? error.message : t('errors.unexpectedError')}</MutedText>
        <Button size="sm" variant="secondary" onClick={() => void refetch()} disabled={isFetching}>
          {t('history.retry')}
        </Button>
      </div>
    );
  }
  if (data.results.length === 0 && pageNumber === 1) return <MutedText>{t('history.empty')}</MutedText>;
  return (
    <>
      <ol className={styles.entries}>
        {data.results.map((entry) => (
          <Entry key={entry.id} entry={entry} fields={fields} />
        ))}
      </ol>
      {isLast && data.next ? (
        <Button size="sm" variant="secondary" onClick={onMore}>
          {t('history.older')}
        </Button>
      ) : null}
    </>
  );
}

function Entry({ entry, fields }: { readonly entry: HistoryEntry; readonly fields: RecordHistoryProps['fields'] }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Another person's e-mail address is staff's: without a name, an ordinary user reads "A colleague".
  const name = entry.actor ? entry.actor.name || entry.actor.email || t('history.colleague') : t('history.system');
  const show = (field: string, value: string | null) => {
    if (value === null || value === '') return '—';
    const formatter = fields[field]?.format;
    return formatter ? formatter(value) : value;
  };
  return (
    <li className={styles.entry}>
      <p className={styles.headline}>
        <strong>{t(`history.${entry.action}`, { name })}</strong>
        {entry.via !== 'web' ? <span className={styles.via}>{t(`history.via.${entry.via}`)}</span> : null}
        <span className={styles.when}>
          {' · '}
          {/* The exact time in the text (phones and keyboards have no hover), how long ago beside it. */}
          <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> ({relativeTime(entry.at, format.locale)})
        </span>
      </p>
      {entry.changes.length > 0 ? (
        <ul className={styles.changes}>
          {entry.changes.map((change) => (
            <li key={change.field}>
              <span className={styles.field}>{fields[change.field]?.label ?? change.field}</span>{' '}
              {change.before === null && change.after === null ? (
                t('history.secretChanged')
              ) : (
                <>
                  <span className={styles.before}>{show(change.field, change.before)}</span>
                  <span aria-label={t('history.to')}> → </span>
                  <span className={styles.after}>{show(change.field, change.after)}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {entry.reason ? <p className={styles.reason}>{t('history.reason', { reason: entry.reason })}</p> : null}
    </li>
  );
}
