import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney, InvoiceLines, useCreateInvoiceMutation, usePreviewInvoiceQuery, type Invoice } from '@/entities/invoice';
import { useFormat } from '@/shared/lib/format';
import { Button, Card, DetailFields, FormAlert } from '@/shared/ui';

import { canCreate, previewArgs, selectionProblems } from '../../model/selection';

import styles from './InvoiceDraft.module.css';

export interface InvoiceDraftProps {
  /** Waybill numbers chosen so far, in the order chosen. */
  readonly selection: readonly string[];
  readonly onSelectionChange: (selection: string[]) => void;
  readonly onCreated: (invoice: Invoice) => void;
}

/**
 * The invoice being made: the chosen waybills, what the server says is wrong with them (in its
 * words, right below them), the server's preview of the invoice, and "Create", offered only while
 * that preview is good. A second click while the first is under way makes nothing.
 */
export function InvoiceDraft({ selection, onSelectionChange, onCreated }: InvoiceDraftProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const preview = usePreviewInvoiceQuery(previewArgs(selection), { skip: selection.length === 0 });
  const [createInvoice, { isLoading: creating }] = useCreateInvoiceMutation();
  const [createError, setCreateError] = useState<unknown>(null);
  // The button's disabled state reaches the screen a frame later; this stops a double click at once.
  const inFlight = useRef(false);

  const previewData = selection.length > 0 ? preview.currentData : undefined;
  const fetching = selection.length > 0 && preview.isFetching;
  const problems = selection.length === 0 || fetching ? [] : selectionProblems(preview.error ?? createError);
  const ready = canCreate({ selection, previewReady: previewData !== undefined, previewFetching: fetching, problems, creating });

  const create = () => {
    if (inFlight.current || !ready) return;
    inFlight.current = true;
    setCreateError(null);
    createInvoice({ waybills: [...selection] })
      .unwrap()
      .then(onCreated, (error: unknown) => setCreateError(error))
      .finally(() => {
        inFlight.current = false;
      });
  };

  const change = (next: string[]) => {
    setCreateError(null);
    onSelectionChange(next);
  };

  return (
    <div className={styles.draft}>
      <Card
        compact
        stack
        title={t('invoices.new.selectionTitle')}
        aside={<span className={styles.muted}>{t('invoices.new.selected', { count: selection.length })}</span>}
      >
        {selection.length === 0 ? (
          <p className={styles.muted}>{t('invoices.new.nothingSelected')}</p>
        ) : (
          <>
            <ul className={styles.chips}>
              {selection.map((number) => (
                <li key={number} className={styles.chip}>
                  <span>{number}</span>
                  <button
                    type="button"
                    className={styles.remove}
                    aria-label={t('invoices.new.remove', { number })}
                    onClick={() => change(selection.filter((entry) => entry !== number))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
            <div>
              <Button variant="minimal" size="sm" onClick={() => change([])}>
                {t('invoices.new.clearSelection')}
              </Button>
            </div>
          </>
        )}
        {problems.length > 0 ? (
          <FormAlert>
            <strong className={styles.problem}>{t('invoices.new.problem')}</strong>
            {problems.map((problem) => (
              <span key={problem} className={styles.problem}>
                {problem}
              </span>
            ))}
          </FormAlert>
        ) : null}
      </Card>

      <Card compact stack busy={fetching} title={t('invoices.new.previewTitle')}>
        <p className={styles.muted} role="status">
          {fetching ? t('invoices.new.previewLoading') : selection.length === 0 ? t('invoices.new.previewEmpty') : ''}
        </p>
        {previewData && problems.length === 0 ? (
          <>
            <DetailFields
              minColumnWidth="10rem"
              fields={[
                {
                  key: 'customer',
                  label: t('invoices.fields.customer'),
                  value: (
                    <>
                      {previewData.customerName} <span className={styles.code}>{previewData.customer}</span>
                    </>
                  ),
                },
                { key: 'issueDate', label: t('invoices.fields.issueDate'), value: format.date(previewData.issueDate) },
                { key: 'dueDate', label: t('invoices.fields.dueDate'), value: format.date(previewData.dueDate) },
                {
                  key: 'grossTotal',
                  label: t('invoices.fields.grossTotal'),
                  value: <span className={styles.gross}>{formatMoney(previewData.grossTotal, previewData.currency, format.locale)}</span>,
                },
              ]}
            />
            <InvoiceLines invoice={previewData} label={t('invoices.new.previewTitle')} />
          </>
        ) : null}
        <div className={styles.footer}>
          <Button onClick={create} disabled={!ready} aria-describedby={ready ? undefined : 'invoice-create-hint'}>
            {creating ? t('invoices.new.creating') : t('invoices.new.create')}
          </Button>
          {ready ? null : (
            <span id="invoice-create-hint" className={styles.muted}>
              {t('invoices.new.createHint')}
            </span>
          )}
        </div>
      </Card>
    </div>
  );
}
