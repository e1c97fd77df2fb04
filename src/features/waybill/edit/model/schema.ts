import { LIMITS, QUANTITY_PATTERN, REGISTRY_CODE_PATTERN, WAYBILL_NUMBER_PATTERN } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { object, string } from 'yup';

import { normaliseDecimal, type WaybillFormValues } from './values';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INTEGER = /^\d+$/;
const quantityPattern = new RegExp(QUANTITY_PATTERN);

/** A real calendar date within the server's years, e.g. not 2026-02-30. */
export const isCalendarDate = (value: string): boolean => {
  if (!DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    year >= LIMITS.yearMin &&
    year <= LIMITS.yearMax
  );
};

/** A quantity as the server takes it: a decimal string within the contract's digits, greater than 0. */
export const isQuantity = (value: string): boolean => {
  const normal = normaliseDecimal(value);
  return quantityPattern.test(normal) && Number(normal) > 0;
};

/** The waybill form's rules: the server's limits, patterns and rules from the contract package. */
export function waybillSchema(t: TFunction, { isNew }: { readonly isNew: boolean }) {
  const required = t('waybills.validation.required');
  const tooLong = (limit: number) => t('waybills.validation.tooLong', { limit });
  const text = (limit: number) => string().trim().required(required).max(limit, tooLong(limit));

  return object<WaybillFormValues>({
    number: isNew
      ? string()
          .trim()
          .max(LIMITS.waybillNumberMaxLength, tooLong(LIMITS.waybillNumberMaxLength))
          .matches(new RegExp(WAYBILL_NUMBER_PATTERN), { message: t('waybills.validation.numberPattern'), excludeEmptyString: true })
      : string(),
    transportDate: string()
      .required(t('waybills.validation.date'))
      .test('date', t('waybills.validation.date'), (value) => !value || isCalendarDate(value)),
    origin: text(LIMITS.codeMaxLength),
    destination: text(LIMITS.codeMaxLength),
    destinationCompany: string()
      .trim()
      .matches(new RegExp(REGISTRY_CODE_PATTERN), { message: t('waybills.validation.registryCode', { length: LIMITS.registryCodeLength }), excludeEmptyString: true }),
    driverName: text(LIMITS.nameMaxLength),
    vehicleNumber: text(LIMITS.vehicleNumberMaxLength),
    mileage: string()
      .trim()
      .required(required)
      .matches(INTEGER, t('waybills.validation.integer'))
      .test(
        'range',
        t('waybills.validation.range', { min: LIMITS.mileageMin, max: LIMITS.mileageMax }),
        (value) => !value || !INTEGER.test(value) || (Number(value) >= LIMITS.mileageMin && Number(value) <= LIMITS.mileageMax),
      ),
    assortment: text(LIMITS.codeMaxLength),
    quantity: string()
      .trim()
      .required(required)
      .test(
        'quantity',
        t('waybills.validation.quantity', { digits: LIMITS.quantityMaxIntegerDigits, decimals: LIMITS.quantityMaxDecimals }),
        (value) => !value || isQuantity(value),
      ),
    notes: string().max(LIMITS.notesMaxLength, tooLong(LIMITS.notesMaxLength)),
  });
}
