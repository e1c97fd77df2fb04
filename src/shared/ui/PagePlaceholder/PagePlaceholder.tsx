import type { ReactNode } from 'react';

import styles from './PagePlaceholder.module.css';

export interface PagePlaceholderProps {
  readonly title: string;
  readonly children?: ReactNode;
}

/** A page's heading with a short text, for screens whose content is still to come. */
export function PagePlaceholder({ title, children }: PagePlaceholderProps) {
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <h1 id="page-title" className={styles.title}>
        {title}
      </h1>
      <div className={styles.body}>{children}</div>
    </section>
  );
}
