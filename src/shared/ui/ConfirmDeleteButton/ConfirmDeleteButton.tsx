import { useState } from 'react';

import { apiCallError, type ApiCall } from '../../lib/form/useApiSubmit';
import { notify } from '../../lib/notify';
import { Button, type ButtonSize, type ButtonVariant } from '../Button/Button';
import { ConfirmDialog } from '../Dialog/Dialog';

export interface ConfirmDeleteButtonProps {
  /** The button's text ("Delete"). */
  readonly label: string;
  /** The dialog's question, naming the record ("Delete waybill W-2026-000042?"). */
  readonly question: string;
  /** What deleting means, under the question ("This cannot be undone."). */
  readonly description: string;
  /** The confirming button, naming the action ("Delete waybill"). */
  readonly confirmLabel: string;
  /** The button that keeps the record ("Keep it"). */
  readonly keepLabel: string;
  /** Deletes the record: an RTK Query mutation call (unwrapped here) or a promise. */
  readonly onDelete: () => ApiCall<unknown>;
  /** A success toast once the record is gone ("Waybill W-2026-000042 deleted."). */
  readonly deletedMessage?: string;
  /** After the record is gone and the dialog closed, e.g. back to the list. */
  readonly onDeleted?: () => void;
  /** `danger` by default; a delete in a table row is `minimal`. */
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
  readonly disabled?: boolean;
  /** The button's tooltip, e.g. why it is disabled. */
  readonly hint?: string;
  /** The button's accessible name where its text alone is ambiguous ("Delete Tartu yard"). */
  readonly accessibleLabel?: string;
}

/**
 * A delete button that asks first. The dialog stays open while the record is deleted and shows
 * the server's refusal where the user is looking; on success it closes, toasts and calls `onDeleted`.
 */
export function ConfirmDeleteButton({
  label,
  question,
  description,
  confirmLabel,
  keepLabel,
  onDelete,
  deletedMessage,
  onDeleted,
  variant = 'danger',
  size,
  disabled = false,
  hint,
  accessibleLabel,
}: ConfirmDeleteButtonProps) {
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setError(null);
    setDeleting(true);
    const failure = await apiCallError(onDelete);
    setDeleting(false);
    if (failure !== null) {
      setError(failure);
      return;
    }
    setAsking(false);
    if (deletedMessage) notify(deletedMessage, { variant: 'success' });
    onDeleted?.();
  };

  return (
    <>
      <Button
        variant={variant}
        size={size}
        disabled={disabled || deleting}
        title={hint}
        aria-label={accessibleLabel}
        onClick={() => {
          setError(null);
          setAsking(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={question}
        description={description}
        confirmLabel={confirmLabel}
        cancelLabel={keepLabel}
        variant="danger"
        busy={deleting}
        error={error}
        onConfirm={() => void remove()}
      />
    </>
  );
}
