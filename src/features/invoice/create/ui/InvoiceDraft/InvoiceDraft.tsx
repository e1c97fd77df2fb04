import { defaultDueDate, INVOICE, invoiceDateProblem, invoiceToday, isValidDate, translate } from '@timberlog/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { formatMoney, InvoiceLines, useCreateInvoiceMutation, usePreviewInvoiceQuery, type Invoice } from '@/entities/invoice';
import { useFormat } from '@/shared/lib/format';
import { Button, Card, DetailFields, FormAlert, TextField } from '@/shared/ui';

import { canCreate, dateErrors, previewArgs, selectionProblems, type DraftDates } from '../../model/selection';

import styles from './InvoiceDraft.module.css';

export interface InvoiceDraftProps {
  /** Waybill numbers chosen so far, in the order chosen. */
  readonly selection: readonly string[];
  readonly onSelectionChange: (selection: string[]) => void;
  readonly onCreated: (invoice: Invoice) => void;
}

/**
 * The invoice being made: the chosen waybills, what the server says is wrong with them (in its
 * words, right below them), the issue and due dates (today and the contract's payment days later
 * unless changed; the contract's date rules answer on the field as the user types), the server's
 * preview of the invoice, and "Create", offered only while that preview is good. A second click
 * while the first is under way makes nothing.
 */
export function InvoiceDraft({ selection, onSelectionChange, onCreated }: InvoiceDraftProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const today = invoiceToday();
  // As typed; undefined: left as it was (today, and the due date the payment days after the issue date).
  const [typed, setTyped] = useState<{ issueDate?: string; dueDate?: string }>({});
  const issueDate = typed.issueDate ?? today;
  const dueDate = typed.dueDate ?? (isValidDate(issueDate) ? defaultDueDate(issueDate) : '');
  const datesValid = isValidDate(issueDate) && isValidDate(dueDate);
  // The contract's date rules, asked as the user types, in the server's words.
  const dateProblem = datesValid ? invoiceDateProblem({ issueDate, dueDate }, today) : undefined;
  const dates: DraftDates = {
    ...(typed.issueDate !== undefined && issueDate !== today ? { issueDate } : {}),
    ...(typed.dueDate !== undefined ? { dueDate } : {}),
  };
  const datesGood = datesValid && !dateProblem;

  const preview = usePreviewInvoiceQuery(previewArgs(selection, dates), { skip: selection.length === 0 || !datesGood });
  // A draft that made its invoice stays spent (`created`): a click while the page moves on makes no second one.
  const [createInvoice, { isLoading: creating, isSuccess: created }] = useCreateInvoiceMutation();
  const [createError, setCreateError] = useState<unknown>(null);
  // The button's disabled state reaches the screen a frame later; this stops a double click at once,
  // and stays set once the invoice is made.
  const inFlight = useRef(false);

  const previewData = selection.length > 0 && datesGood ? preview.currentData : undefined;
  const fetching = selection.length > 0 && datesGood && preview.isFetching;
  const problems = selection.length === 0 || fetching ? [] : selectionProblems(preview.error ?? createError);
  const serverDateErrors = fetching || !datesGood ? {} : dateErrors(preview.error ?? createError);
  const locale = i18n.language === 'et' ? 'et' : 'en';
  const dateError = (field: 'issueDate' | 'dueDate', value: string): string | undefined => {
    if (!isValidDate(value)) return t('invoices.new.dateInvalid');
    if (dateProblem?.field === field) return translate(locale, dateProblem.key, dateProblem.params);
    return serverDateErrors[field];
  };
  const issueError = dateError('issueDate', issueDate);
  const dueError = isValidDate(issueDate) ? dateError('dueDate', dueDate) : undefined;
  const ready =
    !created &&
    datesGood &&
    !issueError &&
    !dueError &&
    canCreate({ selection, previewReady: previewData !== undefined, previewFetching: fetching, problems, creating });

  const create = () => {
    if (inFlight.current || !ready) return;
    inFlight.current = true;
    setCreateError(null);
    createInvoice({ waybills: [...selection], ...dates })
      .unwrap()
      .then(onCreated, (error: unknown) => {
        inFlight.current = false;
        setCreateError(error);
      });
  };

  const changeDate = (field: 'issueDate' | 'dueDate', value: string) => {
    setCreateError(null);
    setTyped((current) => ({ ...current, [field]: value }));
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

      <Card compact title={t('invoices.new.datesTitle')}>
        <div className={styles.dates}>
          <TextField
            type="date"
            name="issueDate"
            label={t('invoices.fields.issueDate')}
            value={issueDate}
            max={today}
            required
            error={issueError}
            onChange={(event) => changeDate('issueDate', event.target.value)}
          />
          <TextField
            type="date"
            name="dueDate"
            label={t('invoices.fields.dueDate')}
            value={dueDate}
            min={isValidDate(issueDate) ? issueDate : undefined}
            required
            error={dueError}
            hint={typed.dueDate === undefined ? t('invoices.new.dueHint', { count: INVOICE.paymentDays }) : undefined}
            onChange={(event) => changeDate('dueDate', event.target.value)}
          />
        </div>
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
