import type { ExportFormat } from '@timberlog/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { BulkAction } from '@/entities/waybill';
import { useFormat } from '@/shared/lib/format';
import { Dialog } from '@/shared/ui';

import { targetSize, type BulkTarget } from '../../model/target';
import { changedRows, undoTarget } from '../../model/undo';
import { useBulkRun } from '../../model/useBulkRun';
import { useListedWaybills } from '../../model/useListedWaybills';
import { BulkActionView } from '../BulkActionView/BulkActionView';

export interface BulkActionDialogProps {
  readonly action: BulkAction;
  readonly target: BulkTarget;
  readonly isStaff: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** A real run ended (its results were shown): the numbers of the waybills it changed (the last run's, after an undo). */
  readonly onFinished: (changed: readonly string[]) => void;
}

/** What the dialog is at: the action chosen, or the undo of what it changed. */
interface Step {
  readonly action: BulkAction;
  readonly target: BulkTarget;
  /** What the run before changed, while its undo is only being looked at. */
  readonly changedBefore?: readonly string[];
}

/**
 * A bulk action on the selected waybills: opens on the dry run's preview (the waybills it will
 * change, checked again while a colleague changes one of them), then runs and shows each row's
 * outcome, from where what it changed can be undone as one more bulk action with a preview of its
 * own. Mounted for one action and target (the menu keys it), closed by its buttons.
 */
export function BulkActionDialog({ action, target, isStaff, onOpenChange, onFinished }: BulkActionDialogProps) {
  const { t } = useTranslation();
  const formats = useFormat();
  const [undoing, setUndoing] = useState<Step | null>(null);
  const step = useMemo<Step>(() => undoing ?? { action, target }, [undoing, action, target]);
  const [reason, setReason] = useState('');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const { phase, run, retry } = useBulkRun(step);

  const shown = phase.name === 'results' ? phase.result : phase.name === 'preview' || phase.name === 'running' ? phase.preview : undefined;
  const listed = useListedWaybills(
    useMemo(() => (shown ? changedRows(shown).map((row) => row.number) : []), [shown]),
    // A preview checked again (a colleague changed one of its waybills): their trips are read again too.
    phase.name === 'preview' && phase.rechecked ? phase.preview : null,
  );
  // What the last real run changed, for the list to mark once the dialog closes (null: nothing ran).
  const changed = phase.name === 'results' ? changedRows(phase.result).map((row) => row.number) : (step.changedBefore ?? null);
  const undo = phase.name === 'results' ? undoTarget(phase.result, isStaff) : null;

  const close = () => {
    if (changed !== null) onFinished(changed);
    onOpenChange(false);
  };
  const size = targetSize(step.target);
  const description =
    step.action === 'undo'
      ? t('waybills.bulk.undoChosen', { count: size, formatted: formats.number(size) })
      : step.target.kind === 'filters'
        ? t('waybills.bulk.allMatchingChosen', { count: size, formatted: formats.number(size) })
        : t('waybills.bulk.chosen', { count: size, formatted: formats.number(size) });

  return (
    <Dialog
      open
      // Wide enough for the listed waybills' trips on a line each.
      size={step.action === 'export' ? 'md' : 'lg'}
      onOpenChange={(open) => {
        // While the real run is under way the dialog stays: its answer is the results.
        if (!open && phase.name !== 'running') close();
      }}
      title={
        step.action === 'undo'
          ? t('waybills.bulk.undoTitle', { title: t(`waybills.bulk.title.${action}`) })
          : t(`waybills.bulk.title.${action}`)
      }
      description={description}
    >
      <BulkActionView
        action={step.action}
        size={size}
        phase={phase}
        reason={reason}
        onReasonChange={setReason}
        format={format}
        onFormatChange={setFormat}
        isStaff={isStaff}
        listed={listed}
        onRun={(preview) => run(preview, { reason, format })}
        onRetry={() => retry({ reason, format })}
        onClose={close}
        onUndo={
          undo && changed
            ? () => {
                setReason('');
                setUndoing({ action: 'undo', target: undo, changedBefore: changed });
              }
            : undefined
        }
      />
    </Dialog>
  );
}
