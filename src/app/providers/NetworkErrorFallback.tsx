import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { probeServer } from '@/shared/lib';
import { selectIsReachable, serverUnreachable, useAppDispatch, useAppSelector } from '@/shared/model';
import { Button } from '@/shared/ui';

import styles from './ErrorFallback.module.css';

export interface NetworkErrorFallbackProps {
  /** Loads the screen again (its code, then its data). */
  readonly onRetry: () => void;
  /** Asks whether the server answers; replaced in stories. */
  readonly probe?: () => Promise<boolean>;
}

/**
 * What a screen shows when its code or data did not arrive. Whether the server is away is asked
 * once: if it is, the app says so (the banner) and this screen retries by itself when the server
 * is back. If the server answers, the connection is not the cause but the code is gone from it
 * (a new version was put up since this page loaded): Retry then loads the whole page anew.
 */
export function NetworkErrorFallback({ onRetry, probe = probeServer }: NetworkErrorFallbackProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const reachable = useAppSelector(selectIsReachable);
  const [serverThere, setServerThere] = useState(false);
  const awaitingReturn = useRef(false);

  useEffect(() => {
    let current = true;
    void probe().then((answered) => {
      if (!current) return;
      if (answered) setServerThere(true);
      else {
        awaitingReturn.current = true;
        dispatch(serverUnreachable());
      }
    });
    return () => {
      current = false;
    };
  }, [probe, dispatch]);

  useEffect(() => {
    if (!reachable) awaitingReturn.current = true;
    else if (awaitingReturn.current) {
      awaitingReturn.current = false;
      onRetry();
    }
  }, [reachable, onRetry]);

  return (
    <div role="alert" className={styles.fallback}>
      <h1 className={styles.title}>{t('errors.networkTitle')}</h1>
      <p className={styles.text}>{t('errors.networkText')}</p>
      <Button variant="secondary" onClick={serverThere ? () => window.location.reload() : onRetry}>
        {t('errors.retry')}
      </Button>
    </div>
  );
}
