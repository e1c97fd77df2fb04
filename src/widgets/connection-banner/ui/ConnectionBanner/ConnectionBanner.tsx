import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatTime } from '@/shared/lib/format';
import { selectConnection, useAppSelector } from '@/shared/model';

import styles from './ConnectionBanner.module.css';

/** How long "Back online" stays after the server is found again. */
export const BACK_ONLINE_SHOWN_MS = 5000;

/**
 * "Can't reach Timberlog — your changes are kept." across the top of every screen while the server
 * cannot be reached, with when it last answered; a short "Back online." when it is found again.
 * Not a toast: it stays as long as the state does, and it takes no focus.
 */
export function ConnectionBanner() {
  const { t, i18n } = useTranslation();
  const { reachable, lastContactAt, backAt } = useAppSelector(selectConnection);
  const [backSeen, setBackSeen] = useState<number | null>(null);

  useEffect(() => {
    if (backAt === null) return undefined;
    // Counted from when it is shown: that is when the user can first read it.
    const timer = setTimeout(() => setBackSeen(backAt), BACK_ONLINE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [backAt]);

  const locale = i18n.resolvedLanguage ?? i18n.language;
  const showBack = reachable && backAt !== null && backAt !== backSeen;
  // The live region stays in the page, empty, so that what appears in it is announced.
  return (
    <div role="status" className={styles.region}>
      {!reachable ? (
        <p className={`${styles.banner} ${styles.away}`}>
          <span className={styles.mark} aria-hidden="true" />
          <span className={styles.text}>
            <strong className={styles.title}>{t('connection.unreachable')}</strong>
            {lastContactAt === null ? null : (
              <span className={styles.detail}>{t('connection.lastContact', { time: formatTime(lastContactAt, locale) })}</span>
            )}
          </span>
        </p>
      ) : showBack ? (
        <p className={`${styles.banner} ${styles.back}`}>
          <span className={styles.mark} aria-hidden="true" />
          <span className={styles.text}>
            <strong className={styles.title}>{t('connection.back')}</strong>
          </span>
        </p>
      ) : null}
    </div>
  );
}
