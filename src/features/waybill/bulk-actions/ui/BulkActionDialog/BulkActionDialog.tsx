import type { ExportFormat } from '@timberlog/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { BulkAction } from '@/entities/waybill';
import { useFormat } from '@/shared/lib/format';
import { Dialog } from '@/shared/ui';

import { targetSize, type BulkTarget } from '../../model/target';
import { useBulkRun } from '../../model/useBulkRun';
import { BulkActionView } from '../BulkActionView/BulkActionView';

export interface BulkActionDialogProps {
  readonly action: BulkAction;
  readonly target: BulkTarget;
  readonly isStaff: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The real run ended (its results are shown): the list's selection is done with. */
  readonly onFinished: () => void;
}

/**
 * A bulk action on the selected waybills: opens on the dry run's preview, then runs and shows
 * each row's outcome. Mounted for one action and target (the menu keys it), closed by its buttons.
 */
export function BulkActionDialog({ action, target, isStaff, onOpenChange, onFinished }: BulkActionDialogProps) {
  const { t } = useTranslation();
  const formats = useFormat();
  const [reason, setReason] = useState('');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const { phase, run, check } = useBulkRun({ action, target });
  const changeReason = (next: string) => {
    setReason(next);
    // Whether a reason is given is all that changes the dry run's answer (a correction needs one).
    if ((next.trim() === '') !== (reason.trim() === '')) check({ reason: next, format });
  };
  const size = targetSize(target);
  const finished = phase.name === 'results';
  const close = () => {
    if (finished) onFinished();
    onOpenChange(false);
  };
  const description =
    target.kind === 'filters'
      ? t('waybills.bulk.allMatchingChosen', { count: size, formatted: formats.number(size) })
      : t('waybills.bulk.chosen', { count: size, formatted: formats.number(size) });

  return (
    <Dialog
      open
      size="md"
      onOpenChange={(open) => {
        // While the real run is under way the dialog stays: its answer is the results.
        if (!open && phase.name !== 'running') close();
      }}
      title={t(`waybills.bulk.title.${action}`)}
      description={description}
    >
      <BulkActionView
        action={action}
        size={size}
        phase={phase}
        reason={reason}
        onReasonChange={changeReason}
        format={format}
        onFormatChange={setFormat}
        isStaff={isStaff}
        onRun={(preview) => run(preview, { reason, format })}
        onRetry={() => (phase.name === 'failed' && phase.preview ? run(phase.preview, { reason, format }) : check({ reason, format }))}
        onClose={close}
      />
    </Dialog>
  );
}
