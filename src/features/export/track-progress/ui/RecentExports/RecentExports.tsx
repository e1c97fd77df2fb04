import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useListExportRequestsQuery } from '@/entities/export-request';
import { resolveApiUrl } from '@/shared/api';
import { useFormat } from '@/shared/lib/format';
import { Badge, Button, Skeleton, type BadgeTone } from '@/shared/ui';

import { exportState, linkExpiry, type ExportState } from '../../model/exportState';

import styles from './RecentExports.module.css';

/** How many of the latest exports are listed. */
export const RECENT_EXPORTS = 5;

const STATE_TONES: Readonly<Record<ExportState, BadgeTone>> = { running: 'info', failed: 'danger', ready: 'success', expired: 'neutral' };

/**
 * The user's latest exports, each finished file with a download link while the list's signed links
 * are valid: every file the tracking downloaded is here too, so none is lost to a blocked download.
 * Read afresh each time it mounts (the home page, the top bar's exports panel).
 */
export function RecentExports() {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isError, fulfilledTimeStamp, refetch, isFetching } = useListExportRequestsQuery(
    { own: true, sort: ['-createdAt'], pageSize: RECENT_EXPORTS },
    { refetchOnMountOrArgChange: true },
  );
  // The answer whose links have run out; a new answer brings new links.
  const [expiredFor, setExpiredFor] = useState<number>();
  useEffect(() => {
    if (fulfilledTimeStamp === undefined) return undefined;
    const timer = setTimeout(() => setExpiredFor(fulfilledTimeStamp), Math.max(0, linkExpiry(fulfilledTimeStamp) - Date.now()));
    return () => clearTimeout(timer);
  }, [fulfilledTimeStamp]);
  const linkValid = fulfilledTimeStamp !== undefined && expiredFor !== fulfilledTimeStamp;

  if (!data) {
    return isError ? (
      <p className={styles.muted}>
        {t('home.countError')}{' '}
        <Button variant="minimal" size="sm" onClick={() => void refetch()}>
          {t('home.retry')}
        </Button>
      </p>
    ) : (
      <Skeleton height="6rem" />
    );
  }
  if (data.results.length === 0) return <p className={styles.muted}>{t('home.noExports')}</p>;
  const states = data.results.map((request) => exportState(request, linkValid));
  return (
    <>
      <ul className={styles.exports}>
        {data.results.map((request, index) => {
          const state = states[index] ?? 'failed';
          return (
            <li key={request.id} className={styles.export}>
              <div className={styles.exportWhat}>
                <span className={styles.exportKind}>
                  {t(`home.exportKind.${request.kind}`)} · {request.format.toUpperCase()}
                </span>
                <span className={styles.muted}>{format.dateTime(request.createdAt)}</span>
              </div>
              <Badge tone={STATE_TONES[state]}>{t(`home.exportState.${state}`, { progress: request.progress })}</Badge>
              {state === 'ready' && request.fileUrl ? (
                <a href={resolveApiUrl(request.fileUrl)} className={styles.download}>
                  {t('home.download', { file: request.attachment ?? request.format })}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
      {states.includes('expired') ? (
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          {t('home.refreshLinks')}
        </Button>
      ) : null}
    </>
  );
}
