import { useTranslation } from 'react-i18next';

import { formatTime } from '@/shared/lib/format';

import styles from './ListStaleNotice.module.css';

export interface ListStaleNoticeProps {
  /** When the refresh that failed was asked for (ms); nothing shows while the list is up to date. */
  readonly failedAt: number | undefined;
}

/**
 * "Not up to date — couldn't refresh at 10:42": the rows and counts shown are from before a refresh
 * that failed, so they are not passed off as current. Goes when a refresh succeeds.
 */
export function ListStaleNotice({ failedAt }: ListStaleNoticeProps) {
  const { t, i18n } = useTranslation();
  // The live region stays in the page, empty, so the notice is announced when it appears; empty, it
  // is out of the flow, so the page's gap between sections does not cost the list a row.
  return (
    <div role="status" className={failedAt === undefined ? styles.idle : undefined}>
      {failedAt === undefined ? null : (
        <p className={styles.notice}>{t('list.stale', { time: formatTime(failedAt, i18n.resolvedLanguage ?? i18n.language) })}</p>
      )}
    </div>
  );
}

/** What a list hook (RTK Query) says that tells a failed refresh from a failed first load. */
export interface RefreshResult {
  readonly error?: unknown;
  /** The rows of these very parameters from before, kept by RTK Query when a refetch fails. */
  readonly currentData?: unknown;
  readonly startedTimeStamp?: number | undefined;
}

/**
 * When the list's last refresh failed while rows of the same parameters were there from before (a
 * refetch, not a first load or new filters): the time it was asked for; otherwise undefined.
 */
export function staleSince({ error, currentData, startedTimeStamp }: RefreshResult, pageGone = false): number | undefined {
  if (!error || currentData === undefined || pageGone) return undefined;
  return startedTimeStamp ?? Date.now();
}
