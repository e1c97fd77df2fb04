import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Invoice } from '@/entities/invoice';
import { extractApiError, isApiError } from '@/shared/api';
import { notify } from '@/shared/lib';
import { useFormat } from '@/shared/lib/format';
import { Button, ConfirmDialog, MutedText } from '@/shared/ui';

import { useSendInvoiceMutation } from '../../api/documentApi';

export interface SendInvoiceButtonProps {
  readonly invoice: Pick<Invoice, 'number' | 'version' | 'customerName' | 'sentAt' | 'sentTo'>;
}

/**
 * "Send to customer": asks first, then mails the invoice's PDF and e-invoice to the customer's
 * address. An invoice sent before (its `sentAt`, or the server's 409 when someone sent it
 * meanwhile) is sent again only when the dialog, saying so, is confirmed. An invoice someone
 * changed since the page showed it is not sent (412): the dialog says who changed it and the page
 * shows it as it is now, so the next confirmation sends what the user sees.
 */
export function SendInvoiceButton({ invoice }: SendInvoiceButtonProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [send, { isLoading }] = useSendInvoiceMutation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Sent by someone else since the page loaded: the server said so (409).
  const [sentMeanwhile, setSentMeanwhile] = useState(false);
  const again = invoice.sentAt !== null || sentMeanwhile;

  const confirm = () => {
    setError(null);
    send({ number: invoice.number, version: invoice.version, force: again })
      .unwrap()
      .then((sent) => {
        setOpen(false);
        setSentMeanwhile(false);
        void notify(t('documents.send.sent', { number: sent.number, to: sent.sentTo ?? '' }), { variant: 'success' });
      })
      .catch((failure: unknown) => {
        const apiError = isApiError(failure) ? failure : extractApiError(failure);
        // The server's words for a 400 (no email address) and for who changed the invoice (412, with ours after them); ours for a sending under way or made meanwhile (409) and a mail server down.
        if (apiError.status === 412) setError(`${apiError.message} ${t('documents.send.changedMeanwhile')}`);
        // Someone else's sending is under way: nothing is sent again without a look.
        else if (apiError.status === 409 && apiError.code === 'send_in_progress') setError(t('documents.send.underWay'));
        else if (apiError.status === 409) {
          setSentMeanwhile(true);
          setError(t('documents.send.sentMeanwhile'));
        } else if (apiError.status === 503) setError(t('documents.send.failed'));
        else {
          const fieldMessages = Object.values(apiError.fieldErrors);
          setError(apiError.hasMessage || fieldMessages.length === 0 ? apiError.message : fieldMessages.join(' '));
        }
      });
  };

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        {t('documents.send.button')}
      </Button>
      {invoice.sentAt ? (
        <MutedText>{t('documents.send.lastSent', { to: invoice.sentTo ?? '', time: format.dateTime(invoice.sentAt) })}</MutedText>
      ) : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={again ? t('documents.send.againTitle', { number: invoice.number }) : t('documents.send.title', { number: invoice.number })}
        description={
          again && invoice.sentAt
            ? t('documents.send.againText', { to: invoice.sentTo ?? '', time: format.dateTime(invoice.sentAt) })
            : t('documents.send.text', { customer: invoice.customerName })
        }
        confirmLabel={isLoading ? t('documents.send.sending') : again ? t('documents.send.confirmAgain') : t('documents.send.confirm')}
        onConfirm={confirm}
        busy={isLoading}
        error={error}
      />
    </>
  );
}
