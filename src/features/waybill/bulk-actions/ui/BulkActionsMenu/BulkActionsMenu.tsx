import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BULK_ACTIONS, isBulkActionFinal } from '@timberlog/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { BulkAction } from '@/entities/waybill';
import { Button } from '@/shared/ui';

import type { BulkTarget } from '../../model/target';
import { BulkActionDialog } from '../BulkActionDialog/BulkActionDialog';

import styles from './BulkActionsMenu.module.css';

export interface BulkActionsMenuProps {
  /** The selected waybills; null: nothing selected, the trigger is disabled. */
  readonly target: BulkTarget | null;
  readonly isStaff: boolean;
  /** The trigger's text (the stand-in button's, so nothing moves as the menu loads). */
  readonly triggerText: string;
  /** Opens the menu as it mounts: the stand-in button was activated. */
  readonly defaultOpen?: boolean;
  /** A real run ended: the waybills it changed. */
  readonly onFinished: (changed: readonly string[]) => void;
}

/** What the menu offers: every bulk action but an undo, which a result offers for what it changed. */
const MENU_ACTIONS = BULK_ACTIONS.filter((action) => action !== 'undo');

/** The actions on the selected waybills (Radix menu), each opening its preview dialog. */
export function BulkActionsMenu({ target, isStaff, triggerText, defaultOpen = false, onFinished }: BulkActionsMenuProps) {
  const { t } = useTranslation();
  // The action and the selection as they were chosen: the list may change under the dialog.
  const [chosen, setChosen] = useState<{ readonly action: BulkAction; readonly target: BulkTarget } | null>(null);
  // Each opening is a new dry run, even of the same action.
  const [opening, setOpening] = useState(0);
  return (
    <>
      <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
        <DropdownMenu.Trigger asChild>
          <Button variant="secondary" disabled={!target} title={target ? undefined : t('waybills.bulk.menuHint')}>
            {triggerText}
            <span aria-hidden="true"> ▾</span>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.content} align="end" sideOffset={6}>
            <DropdownMenu.Label className={styles.label}>{t('waybills.bulk.menuLabel')}</DropdownMenu.Label>
            {MENU_ACTIONS.map((option) => (
              <DropdownMenu.Item
                key={option}
                className={isBulkActionFinal(option) ? `${styles.item} ${styles.danger}` : styles.item}
                onSelect={() => {
                  setOpening((n) => n + 1);
                  if (target) setChosen({ action: option, target });
                }}
              >
                {t(`waybills.bulk.action.${option}`)}
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {chosen ? (
        <BulkActionDialog
          key={opening}
          action={chosen.action}
          target={chosen.target}
          isStaff={isStaff}
          onOpenChange={(open) => {
            if (!open) setChosen(null);
          }}
          onFinished={onFinished}
        />
      ) : null}
    </>
  );
}
