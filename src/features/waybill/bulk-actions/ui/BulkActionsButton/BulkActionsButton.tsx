import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/shared/ui';

import type { BulkTarget } from '../../model/target';

const loadMenu = () => import('../BulkActionsMenu/BulkActionsMenu');
const BulkActionsMenu = lazy(() => loadMenu().then((module) => ({ default: module.BulkActionsMenu })));
const preloadMenu = () => void loadMenu();

export interface BulkActionsButtonProps {
  /** The selected waybills, or null when none are (the button is then disabled). */
  readonly target: BulkTarget | null;
  readonly isStaff: boolean;
  /** A real run ended and its results were closed: the waybills it changed (the list marks them; the selection is done with). */
  readonly onFinished: (changed: readonly string[]) => void;
}

/**
 * "Actions" on the waybill list's selection: confirm, mark delivered, cancel, delete drafts, export,
 * and undo what one of them changed.
 * The menu, its dialogs and their logic load when the button is pointed at, focused or used, so
 * the list does not pay for them before someone reaches for them.
 */
export function BulkActionsButton({ target, isStaff, onFinished }: BulkActionsButtonProps) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const text = t('waybills.bulk.menu');

  const standIn = (busy: boolean) => (
    <Button
      variant="secondary"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={busy || undefined}
      disabled={!target}
      title={target ? undefined : t('waybills.bulk.menuHint')}
      onPointerEnter={preloadMenu}
      onFocus={preloadMenu}
      onClick={() => setWanted(true)}
    >
      {text}
      <span aria-hidden="true"> ▾</span>
    </Button>
  );

  // Once loaded the menu stays (its trigger disabled while nothing is selected): it opens by itself only the first time.
  if (!wanted) return standIn(false);
  return (
    <Suspense fallback={standIn(true)}>
      <BulkActionsMenu defaultOpen target={target} isStaff={isStaff} triggerText={text} onFinished={onFinished} />
    </Suspense>
  );
}
