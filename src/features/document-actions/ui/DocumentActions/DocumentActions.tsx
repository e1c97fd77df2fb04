import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { extractApiError, isApiError } from '@/shared/api';
import { openFile, saveFile } from '@/shared/lib';
import { Button, FormAlert } from '@/shared/ui';

import { useFetchDocumentMutation, type DocumentKind, type DocumentRecord } from '../../api/documentApi';

import styles from './DocumentActions.module.css';

type Action = 'print' | 'pdf' | 'einvoice';

export interface DocumentActionsProps {
  readonly record: DocumentRecord;
  readonly number: string;
  /** Offers the e-invoice (UBL XML) too: invoices only. */
  readonly einvoice?: boolean;
  /** More actions in the same row (an invoice's "Send to customer"). */
  readonly children?: ReactNode;
}

/**
 * "Print" (the PDF in a new tab, where the browser's viewer prints it), "Download PDF" and, for an
 * invoice, "Download e-invoice (XML)". The server makes the documents in the app's language; the
 * files are fetched with the session's token, so no signed link is needed.
 */
export function DocumentActions({ record, number, einvoice = false, children }: DocumentActionsProps) {
  const { t } = useTranslation();
  const [fetchDocument] = useFetchDocumentMutation();
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: Action) => {
    const kind: DocumentKind = action === 'einvoice' ? 'einvoice' : 'pdf';
    setBusy(action);
    setError(null);
    try {
      const file = await fetchDocument({ record, number, kind }).unwrap();
      if (action === 'print') openFile(file.url, file.filename);
      else saveFile(file.url, file.filename);
    } catch (failure) {
      setError((isApiError(failure) ? failure : extractApiError(failure)).message);
    } finally {
      setBusy(null);
    }
  };

  const button = (action: Action, label: string) => (
    <Button
      variant="secondary"
      size="sm"
      disabled={busy !== null}
      aria-busy={busy === action || undefined}
      onClick={() => void run(action)}
    >
      {busy === action ? t('documents.preparing') : label}
    </Button>
  );

  return (
    <div className={styles.actions}>
      <div role="group" aria-label={t('documents.group')} className={styles.row}>
        {button('print', t('documents.print'))}
        {button('pdf', t('documents.downloadPdf'))}
        {einvoice ? button('einvoice', t('documents.downloadEinvoice')) : null}
        {children}
      </div>
      {error ? <FormAlert>{error}</FormAlert> : null}
    </div>
  );
}
