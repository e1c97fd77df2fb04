import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';
import { Button, focusListResults, PageHeader } from '@/shared/ui';

import styles from './ListPageHeader.module.css';

export interface ListPageHeaderProps {
  /** The page heading ("Waybills"). */
  readonly title: string;
  /** The h1's id, for the page's `labelledBy`. */
  readonly titleId?: string;
  /** How many rows the filters select; nothing is said while it is unknown. */
  readonly count?: number | undefined;
  /** Says how many rows, given their number (for the plural) and the number formatted for the locale. */
  readonly countText?: (count: number, formatted: string) => string;
  /** Buttons beside the heading ("New waybill", "Export report"). */
  readonly actions?: ReactNode;
  /** Placement in the caller's layout. */
  readonly className?: string;
}

/** A list page's h1 with how many rows its filters select and the list's buttons (behind one "Actions" button on a phone). */
export function ListPageHeader({ title, titleId, count, countText, actions, className }: ListPageHeaderProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [unfolded, setUnfolded] = useState(false);
  const actionsId = useId();
  const countLine = count === undefined || !countText ? null : countText(count, format.number(count));
  // On a phone the list's buttons fold behind one, so its first rows are on the first screen.
  const folding = actions ? (
    <>
      <Button
        variant="secondary"
        className={styles.toggle}
        aria-expanded={unfolded}
        aria-controls={actionsId}
        onClick={() => setUnfolded(!unfolded)}
      >
        {t('list.actionsMenu')}
        <span aria-hidden="true">{unfolded ? '▴' : '▾'}</span>
      </Button>
      <div id={actionsId} className={unfolded ? styles.actions : `${styles.actions} ${styles.folded}`}>
        {actions}
      </div>
    </>
  ) : undefined;
  return (
    <>
      {/* From the top of the page to the list's search or its rows in one key press. */}
      <div className={styles.skips}>
        <a
          href="#search"
          className={styles.skipLink}
          onClick={(event) => {
            const search = document.querySelector<HTMLElement>('[data-list-search]');
            if (!search) return;
            event.preventDefault();
            search.focus();
          }}
        >
          {t('list.skipToSearch')}
        </a>
        <a
          href="#results"
          className={styles.skipLink}
          onClick={(event) => {
            if (focusListResults()) event.preventDefault();
          }}
        >
          {t('list.skipToResults')}
        </a>
      </div>
      <PageHeader titleId={titleId} title={title} count={countLine} actions={folding} className={className} />
    </>
  );
}
