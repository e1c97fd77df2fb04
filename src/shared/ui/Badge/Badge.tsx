import type { ReactNode } from 'react';

import styles from './Badge.module.css';

export const BADGE_TONES = ['neutral', 'info', 'success', 'danger'] as const;
export type BadgeTone = (typeof BADGE_TONES)[number];

export interface BadgeProps {
  readonly tone?: BadgeTone;
  readonly children: ReactNode;
}

/** A short state label; the tone is a coloured dot and border, the text keeps full contrast. */
export function Badge({ tone = 'neutral', children }: BadgeProps) {
  return (
    <span className={`${styles.badge} ${styles[tone]}`}>
      <span className={styles.dot} aria-hidden="true" />
      {children}
    </span>
  );
}
