import type { TFunction } from 'i18next';

import type { SharedTextKey } from '@timberlog/contract';

import { contractText } from '@/shared/i18n';

/** Fields whose name the contract's catalogue holds (the reports head their columns with it): not copied into the translation files. */
const FROM_CATALOGUE: Readonly<Partial<Record<string, SharedTextKey>>> = {
  driverIdCode: 'report.column.driverIdCode',
  contractNumber: 'report.column.contractNumber',
  forestNotificationNumber: 'report.column.forestNotificationNumber',
  eudrReferenceNumber: 'report.column.eudrReferenceNumber',
  eudrVerificationNumber: 'report.column.eudrVerificationNumber',
};

/** A waybill field's name in the app's language: the form's label, the column's header, the detail's term. */
export function waybillFieldLabel(t: TFunction, field: string): string {
  const shared = FROM_CATALOGUE[field];
  return shared ? contractText(shared) : t(`waybills.fields.${field}`);
}
