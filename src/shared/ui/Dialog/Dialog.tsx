import * as RadixDialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, type ButtonVariant } from '../Button/Button';

import styles from './Dialog.module.css';

export interface DialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: ReactNode;
  /** One or two sentences under the title, announced with it. */
  readonly description?: ReactNode;
  /** The body: a form, a choice. */
  readonly children?: ReactNode;
  /** Buttons at the bottom, primary last. */
  readonly actions?: ReactNode;
  /** `sm` for confirmations, `md` for small forms, `lg` for a table of records to look over. */
  readonly size?: 'sm' | 'md' | 'lg';
}

/**
 * A modal dialog (Radix: focus trapped and restored, Escape and the close button close it,
 * the page behind is inert). Controlled: the caller owns `open`.
 */
export function Dialog({ open, onOpenChange, title, description, children, actions, size = 'sm' }: DialogProps) {
  const { t } = useTranslation();
  // What had focus when the dialog opened (the button that opened it): focus goes back there when
  // it closes, as Radix does only for its own trigger, which a controlled dialog does not have.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={`${styles.content} ${styles[size]}`}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            opener.current = null;
            // Not when the opener is gone (a confirmed action removed it): then Radix's default.
            if (back?.isConnected && back !== document.body) {
              event.preventDefault();
              back.focus();
            }
          }}
          // Without a description Radix warns unless told there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className={styles.description}>{description}</RadixDialog.Description> : null}
          {children ? <div className={styles.body}>{children}</div> : null}
          {actions ? <div className={styles.actions}>{actions}</div> : null}
          <RadixDialog.Close className={styles.close} aria-label={t('ui.dialog.close')}>
            <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
              <path d="M2 2l10 10M12 2 2 12" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: ReactNode;
  readonly description?: ReactNode;
  /** The body above the error, e.g. a choice the confirm button acts on. */
  readonly children?: ReactNode;
  /** The confirming button's text, naming the action ("Delete waybill"). */
  readonly confirmLabel: string;
  /** "Cancel" by default. */
  readonly cancelLabel?: string;
  /** `danger` for destructive actions. */
  readonly variant?: ButtonVariant;
  readonly onConfirm: () => void;
  /** While the action runs: the confirm button is disabled and the dialog stays open. */
  readonly busy?: boolean;
  /** The action's error, shown in the dialog (e.g. the server refused). */
  readonly error?: string | null;
}

/**
 * "Are you sure?" (or "Export in which format?") with Cancel and a named confirm button; the
 * caller closes it when the action is done.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  variant = 'primary',
  onConfirm,
  busy = false,
  error,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!busy) onOpenChange(next);
      }}
      title={title}
      description={description}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel ?? t('ui.dialog.cancel')}
          </Button>
          <Button variant={variant} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children || error ? (
        <>
          {children}
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
