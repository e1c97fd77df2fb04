import { useTranslation } from 'react-i18next';

import type { ConfigProblem } from '@/shared/config';

import styles from './ErrorFallback.module.css';

export interface ConfigErrorScreenProps {
  readonly problems: readonly ConfigProblem[];
}

/** Shown instead of the app when a required setting is missing or wrong, naming each one. */
export function ConfigErrorScreen({ problems }: ConfigErrorScreenProps) {
  const { t } = useTranslation();
  return (
    <main role="alert" className={styles.fallback}>
      <h1 className={styles.title}>{t('config.title')}</h1>
      <ul>
        {problems.map(({ name, reason }) => (
          <li key={name}>{reason === 'missing' ? t('config.missing', { name }) : t('config.invalid', { name })}</li>
        ))}
      </ul>
      <p className={styles.text}>{t('config.hint')}</p>
    </main>
  );
}
