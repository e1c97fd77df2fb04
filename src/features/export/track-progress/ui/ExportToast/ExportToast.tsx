import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

import { ProgressBar } from '@/shared/ui';

import type { ExportToastState, ToastSource } from '../../model/toastState';

import styles from './ExportToast.module.css';

export interface ExportToastProps {
  readonly state: ExportToastState;
}

/** A report export's toast: what is happening and, until it fails, a progress bar. */
export function ExportToast({ state }: ExportToastProps) {
  const { t } = useTranslation();
  const percent = Math.round(state.value * 100);
  return (
    <div className={styles.toast}>
      <span className={styles.title}>
        {state.phase === 'failed'
          ? t(`exports.${state.kind}.failed`, { message: state.errorMessage || t('errors.unexpectedError') })
          : t(`exports.${state.kind}.${state.phase}`)}
      </span>
      {state.phase !== 'failed' && <ProgressBar label={t(`exports.${state.kind}.progressLabel`)} percent={percent} />}
    </div>
  );
}

/** The toast of a running export, following its source as polls report progress. */
export function LiveExportToast({ source }: { readonly source: ToastSource }) {
  const state = useSyncExternalStore(source.subscribe, source.get, source.get);
  return <ExportToast state={state} />;
}

/** Stands for the export toasts beyond the few shown at once: how many, and where their files are. */
export function MoreExportsToast({ count }: { readonly count: number }) {
  const { t } = useTranslation();
  return (
    <div className={styles.toast}>
      <span className={styles.title}>{t('exports.more', { count })}</span>
    </div>
  );
}
