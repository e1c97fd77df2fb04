import type { ReactNode } from 'react';

import styles from './FormCard.module.css';

export interface FormCardProps {
  readonly title: string;
  readonly intro?: ReactNode;
  readonly children: ReactNode;
  /** Links under the card, e.g. between the sign-in screens. */
  readonly footer?: ReactNode;
}

/** A narrow centred card with a heading, for sign-in screens and other short forms. */
export function FormCard({ title, intro, children, footer }: FormCardProps) {
  return (
    <section className={styles.wrap} aria-labelledby="form-card-title">
      <div className={styles.card}>
        <h1 id="form-card-title" className={styles.title}>
          {title}
        </h1>
        {intro ? <div className={styles.intro}>{intro}</div> : null}
        {children}
      </div>
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}

export interface FormAlertProps {
  readonly children: ReactNode;
  readonly tone?: 'error' | 'success';
}

/** A message at the top of a form: an error that is not about one field, or a success. */
export function FormAlert({ children, tone = 'error' }: FormAlertProps) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`${styles.alert} ${styles[tone]}`}>
      {children}
    </div>
  );
}
