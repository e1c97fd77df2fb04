import { useTranslation } from 'react-i18next';

import { extractApiError, isApiError } from '@/shared/api';
import { Button, Skeleton } from '@/shared/ui';

import styles from './ListTotals.module.css';

export interface TotalsItem {
  readonly id: string;
  readonly label: string;
  readonly value: string;
}

export interface TotalsFooterProps {
  /** What the totals are of, for assistive technology ("Totals of the waybills these filters select"). */
  readonly label: string;
  /** The sums, formatted; undefined while they load. */
  readonly items: readonly TotalsItem[] | undefined;
  /** A request is under way (the previous sums, if any, stay shown dimmed). */
  readonly loading: boolean;
  readonly error?: unknown;
  readonly onRetry: () => void;
}

/** Under a list: the sums of every row its filters select (not only the page's). */
export function TotalsFooter({ label, items, loading, error, onRetry }: TotalsFooterProps) {
  const { t } = useTranslation();
  const failure = error ? (isApiError(error) ? error : extractApiError(error)) : null;
  let body;
  if (failure) {
    body = (
      <div className={styles.error} role="alert">
        <span>{t('listTotals.failed', { message: failure.message })}</span>
        <Button size="sm" variant="minimal" onClick={onRetry}>
          {t('listTotals.retry')}
        </Button>
      </div>
    );
  } else if (!items) {
    body = (
      <div className={styles.items} aria-hidden="true">
        <Skeleton width="6rem" />
        <Skeleton width="8rem" />
        <Skeleton width="8rem" />
      </div>
    );
  } else {
    body = (
      <dl className={`${styles.items} ${loading ? styles.stale : ''}`}>
        {items.map((item) => (
          <div key={item.id} className={styles.item}>
            <dt className={styles.term}>{item.label}</dt>
            <dd className={styles.value}>{item.value}</dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <section className={styles.footer} aria-label={label} aria-busy={loading || !items || undefined}>
      <h2 className={styles.heading}>{t('listTotals.heading')}</h2>
      {body}
    </section>
  );
}
