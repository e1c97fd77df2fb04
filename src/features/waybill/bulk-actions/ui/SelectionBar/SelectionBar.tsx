import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';
import { Button } from '@/shared/ui';

import type { WaybillSelection } from '../../model/useWaybillSelection';

import styles from './SelectionBar.module.css';

export interface SelectionBarProps {
  readonly selection: WaybillSelection;
  /** How many rows the page shows. */
  readonly pageRows: number;
  /** How many waybills the filters select. */
  readonly count: number | undefined;
}

/**
 * Above the list while rows are selected: how many, "select all N matching these filters" once the
 * whole page is selected, and a way to clear the selection.
 */
export function SelectionBar({ selection, pageRows, count }: SelectionBarProps) {
  const { t } = useTranslation();
  const format = useFormat();
  if (selection.size === 0) return null;
  const counted = (n: number) => ({ count: n, formatted: format.number(n) });
  return (
    <div className={styles.bar} role="region" aria-label={t('waybills.bulk.selectionLabel')}>
      <span aria-live="polite">
        {selection.allMatching
          ? t('waybills.bulk.allMatchingSelected', counted(selection.size))
          : selection.canSelectAllMatching
            ? t('waybills.bulk.pageSelected', counted(pageRows))
            : t('waybills.bulk.selected', counted(selection.size))}
      </span>
      {selection.canSelectAllMatching && count !== undefined ? (
        <Button variant="minimal" size="sm" onClick={selection.selectAllMatching}>
          {t('waybills.bulk.selectAllMatching', counted(count))}
        </Button>
      ) : null}
      <Button variant="minimal" size="sm" onClick={selection.clear}>
        {t('waybills.bulk.clear')}
      </Button>
    </div>
  );
}
