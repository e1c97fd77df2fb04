import { UNIT_SYMBOLS } from '@timberlog/contract';
import { useTranslation } from 'react-i18next';

import { useFormat } from '@/shared/lib/format';

import type { InvoicePreview } from '../../api/invoiceApi';
import { formatMoney, formatPercent } from '../../lib/money';

import styles from './InvoiceLines.module.css';

export type InvoiceAmounts = Pick<InvoicePreview, 'lines' | 'netTotal' | 'vatRate' | 'vatTotal' | 'grossTotal' | 'currency'>;

export interface InvoiceLinesProps {
  readonly invoice: InvoiceAmounts;
  /** Names the table for assistive technology. */
  readonly label?: string;
}

/** An invoice's (or a preview's) lines, one per assortment, and its totals with VAT. */
export function InvoiceLines({ invoice, label }: InvoiceLinesProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const money = (value: string) => formatMoney(value, invoice.currency, format.locale);
  const header = (key: string) => t(`invoices.lines.${key}`);
  return (
    <div className={styles.wrap}>
      <table className={styles.table} aria-label={label ?? t('invoices.lines.title')}>
        <thead>
          <tr>
            <th scope="col">{header('assortment')}</th>
            <th scope="col" className={styles.numeric}>
              {header('quantity')}
            </th>
            <th scope="col" className={styles.unit}>
              {header('unit')}
            </th>
            <th scope="col" className={styles.numeric}>
              {header('unitPrice')}
            </th>
            <th scope="col" className={styles.numeric}>
              {header('amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.assortment}>
              <td className={styles.assortment}>
                {line.assortmentName || line.assortment}
                {line.assortmentName && line.assortmentName !== line.assortment ? (
                  <span className={styles.code}>{line.assortment}</span>
                ) : null}
              </td>
              <td className={styles.numeric}>
                {format.number(line.quantity)}
                {/* On a narrow card the unit goes beside the quantity, its own column hidden. */}
                <span className={styles.inlineUnit}> {UNIT_SYMBOLS[line.unit]}</span>
              </td>
              <td className={styles.unit}>{UNIT_SYMBOLS[line.unit]}</td>
              <td className={styles.numeric}>{money(line.unitPrice)}</td>
              <td className={styles.numeric}>{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className={styles.totals}>
        <div className={styles.total}>
          <dt>{t('invoices.fields.netTotal')}</dt>
          <dd>{money(invoice.netTotal)}</dd>
        </div>
        <div className={styles.total}>
          <dt>{t('invoices.fields.vatRate')}</dt>
          <dd>{formatPercent(invoice.vatRate, format.locale)}</dd>
        </div>
        <div className={styles.total}>
          <dt>{t('invoices.fields.vatTotal')}</dt>
          <dd>{money(invoice.vatTotal)}</dd>
        </div>
        <div className={`${styles.total} ${styles.gross}`}>
          <dt>{t('invoices.fields.grossTotal')}</dt>
          <dd>{money(invoice.grossTotal)}</dd>
        </div>
      </dl>
    </div>
  );
}
