import * as Popover from '@radix-ui/react-popover';
import { defaultColumns, LIST_COLUMNS } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';

import type { ListViews } from '../../model/useListViews';

import styles from './ListViewsBar.module.css';

export interface ColumnChooserProps {
  readonly views: ListViews;
  /** A column's header, translated. */
  readonly columnLabel: (id: string) => string;
  /** Opens the chooser as it mounts: the bar mounts it when its stand-in button was activated. */
  readonly defaultOpen?: boolean;
}

/**
 * Which of the list's columns show, and in what order: a checkbox per column of the contract's
 * LIST_COLUMNS, the shown ones first in their order with buttons to move them. Loaded when first used.
 */
export function ColumnChooser({ views, columnLabel, defaultOpen = false }: ColumnChooserProps) {
  const { t } = useTranslation();
  const shown = views.columns;
  const hidden = LIST_COLUMNS[views.list].map((column) => column.id).filter((id) => !shown.includes(id));
  const move = (index: number, by: number) => {
    const next = [...shown];
    const [id] = next.splice(index, 1);
    if (id === undefined) return;
    next.splice(index + by, 0, id);
    views.setColumns(next);
  };
  const toggle = (id: string, on: boolean) => views.setColumns(on ? [...shown, id] : shown.filter((column) => column !== id));

  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger className={styles.trigger}>
        {t('savedViews.columns.button')}
        <span aria-hidden="true">▾</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={styles.menu} align="end" sideOffset={4} aria-label={t('savedViews.columns.title')}>
          <p className={styles.menuLabel}>{t('savedViews.columns.title')}</p>
          <ul className={styles.columnList}>
            {shown.map((id, index) => (
              <li key={id} className={styles.columnRow}>
                <label className={styles.columnLabel}>
                  <input
                    type="checkbox"
                    checked
                    // The last column stays: a table needs one.
                    disabled={shown.length === 1}
                    onChange={() => toggle(id, false)}
                  />
                  {columnLabel(id)}
                </label>
                <button
                  type="button"
                  className={styles.moveButton}
                  disabled={index === 0}
                  aria-label={t('savedViews.columns.moveUp', { name: columnLabel(id) })}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={styles.moveButton}
                  disabled={index === shown.length - 1}
                  aria-label={t('savedViews.columns.moveDown', { name: columnLabel(id) })}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
              </li>
            ))}
            {hidden.map((id) => (
              <li key={id} className={styles.columnRow}>
                <label className={styles.columnLabel}>
                  <input type="checkbox" checked={false} onChange={() => toggle(id, true)} />
                  {columnLabel(id)}
                </label>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.linkButton} onClick={() => views.setColumns(defaultColumns(views.list))}>
            {t('savedViews.columns.reset')}
          </button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
