/**
 * The words of coded values (waybill and invoice statuses, worklog actions, holding bases, certificate claims) in en and et: part of
 * the message catalogue (messages.ts spreads them in), kept in a module of their own with the
 * choice of locale, so that a screen showing a status loads these few words and not the whole
 * catalogue.
 */
import { LOCALES, type Locale } from './limits.ts';

export const VALUE_LABELS = {
  en: {
    'value.waybillStatus.draft': 'Draft',
    'value.waybillStatus.confirmed': 'Confirmed',
    'value.waybillStatus.delivered': 'Delivered',
    'value.waybillStatus.invoiced': 'Invoiced',
    'value.waybillStatus.cancelled': 'Cancelled',
    'value.worklogAction.arrival': 'Arrival',
    'value.worklogAction.loading': 'Loading',
    'value.worklogAction.unloading': 'Unloading',
    'value.worklogAction.measuring': 'Measuring',
    'value.worklogAction.sorting': 'Sorting',
    'value.worklogAction.departure': 'Departure',
    'value.invoiceStatus.pending_sync': 'Awaiting sync',
    'value.invoiceStatus.synced': 'Synced',
    'value.invoiceStatus.sync_failed': 'Sync failed',
    'value.holdingBasis.ForestNotice': 'Forest notification',
    'value.holdingBasis.WithoutForestNotice': 'Without forest notification',
    'value.holdingBasis.SalesContract': 'Sales contract',
    'value.holdingBasis.ContractForTransferOfCuttingRights': 'Transfer of cutting rights',
    'value.holdingBasis.ForestAct': 'Forest act',
    'value.holdingBasis.InventoryAct': 'Inventory act',
    'value.holdingBasis.ConsolidatedAct': 'Consolidated act',
    'value.certificateClaim.FSC100': 'FSC 100%',
    'value.certificateClaim.FSCMIX': 'FSC Mix',
    'value.certificateClaim.FSCRECYCLED': 'FSC Recycled',
    'value.certificateClaim.FSCCW': 'FSC Controlled Wood',
    'value.certificateClaim.PEFC': 'PEFC certified',
    'value.certificateClaim.PEFCCS': 'PEFC Controlled Sources',
    'value.evrState.notSent': 'Not in EVR',
    'value.evrState.sending': 'Sending to EVR',
    'value.evrState.failed': 'EVR failed',
    'value.evrState.shipping': 'In transit',
    'value.evrState.unloaded': 'Unloaded',
    'value.evrState.finished': 'Finished',
    'value.evrState.cancelled': 'Cancelled in EVR',
  },
  et: {
    'value.waybillStatus.draft': 'Mustand',
    'value.waybillStatus.confirmed': 'Kinnitatud',
    'value.waybillStatus.delivered': 'Kohale toimetatud',
    'value.waybillStatus.invoiced': 'Arveldatud',
    'value.waybillStatus.cancelled': 'Tühistatud',
    'value.worklogAction.arrival': 'Saabumine',
    'value.worklogAction.loading': 'Laadimine',
    'value.worklogAction.unloading': 'Mahalaadimine',
    'value.worklogAction.measuring': 'Mõõtmine',
    'value.worklogAction.sorting': 'Sorteerimine',
    'value.worklogAction.departure': 'Lahkumine',
    'value.invoiceStatus.pending_sync': 'Ootab sünkroonimist',
    'value.invoiceStatus.synced': 'Sünkroonitud',
    'value.invoiceStatus.sync_failed': 'Sünkroonimine ebaõnnestus',
    'value.holdingBasis.ForestNotice': 'Metsateatis',
    'value.holdingBasis.WithoutForestNotice': 'Metsateatiseta',
    'value.holdingBasis.SalesContract': 'Müügileping',
    'value.holdingBasis.ContractForTransferOfCuttingRights': 'Raieõiguse võõrandamise leping',
    'value.holdingBasis.ForestAct': 'Metsaakt',
    'value.holdingBasis.InventoryAct': 'Inventeerimisakt',
    'value.holdingBasis.ConsolidatedAct': 'Koondakt',
    'value.certificateClaim.FSC100': 'FSC 100%',
    'value.certificateClaim.FSCMIX': 'FSC Mix',
    'value.certificateClaim.FSCRECYCLED': 'FSC Recycled',
    'value.certificateClaim.FSCCW': 'FSC kontrollitud puit',
    'value.certificateClaim.PEFC': 'PEFC sertifitseeritud',
    'value.certificateClaim.PEFCCS': 'PEFC kontrollitud allikad',
    'value.evrState.notSent': 'EVR-is pole',
    'value.evrState.sending': 'Saadetakse EVR-i',
    'value.evrState.failed': 'EVR-i saatmine ebaõnnestus',
    'value.evrState.shipping': 'Teel',
    'value.evrState.unloaded': 'Maha laaditud',
    'value.evrState.finished': 'Lõpetatud',
    'value.evrState.cancelled': 'EVR-is tühistatud',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** Coded values written in words (reports, documents, the web app), by the message key prefix of their labels. */
export type ValueLabelPrefix =
  | 'value.waybillStatus'
  | 'value.worklogAction'
  | 'value.invoiceStatus'
  | 'value.holdingBasis'
  | 'value.certificateClaim'
  | 'value.evrState';

/** The label of a coded value (a status, an action) in `locale`; a value the catalogue does not know is answered as itself. */
export const valueLabel = (locale: Locale, prefix: ValueLabelPrefix, value: string): string => {
  const labels: Readonly<Record<string, string>> = VALUE_LABELS[locale];
  const key = `${prefix}.${value}`;
  return Object.hasOwn(labels, key) ? labels[key]! : key;
};

/**
 * The locale an `Accept-Language` header asks for: the supported one of the highest quality
 * (earlier first among equals), by language prefix (`et-EE` is `et`); English when none is.
 */
export function pickLocale(header: string | null | undefined): Locale {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((item) => item.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const locale = LOCALES.find((item) => tag.startsWith(item));
    if (locale) return locale;
  }
  return 'en';
}
