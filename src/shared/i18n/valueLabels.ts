import { pickLocale, valueLabel } from '@timberlog/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A coded value's words: a waybill's or an invoice's status, a worklog's action, a holding basis, a certificate claim. */
export interface ValueLabels {
  readonly waybillStatus: (status: string) => string;
  readonly invoiceStatus: (status: string) => string;
  readonly worklogAction: (action: string) => string;
  readonly holdingBasis: (type: string) => string;
  readonly certificateClaim: (code: string) => string;
  readonly evrState: (state: string) => string;
}

/**
 * The labels of coded values in the app's language, from the contract's catalogue: the words the
 * server's reports, documents and messages use, defined there once.
 */
export function useValueLabels(): ValueLabels {
  const { i18n } = useTranslation();
  const locale = pickLocale(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(
    () => ({
      waybillStatus: (status) => valueLabel(locale, 'value.waybillStatus', status),
      invoiceStatus: (status) => valueLabel(locale, 'value.invoiceStatus', status),
      worklogAction: (action) => valueLabel(locale, 'value.worklogAction', action),
      holdingBasis: (type) => valueLabel(locale, 'value.holdingBasis', type),
      certificateClaim: (code) => valueLabel(locale, 'value.certificateClaim', code),
      evrState: (state) => valueLabel(locale, 'value.evrState', state),
    }),
    [locale],
  );
}
