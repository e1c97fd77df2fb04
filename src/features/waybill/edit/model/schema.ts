import {
  exceedsLoadLimit,
  LIMITS,
  LOAD_LIMITS,
  QUANTITY_DECIMAL,
  decimalProblem,
  REGISTRY_CODE_PATTERN,
  WAYBILL_NUMBER_PATTERN,
  dateProblem,
  isValidDate,
} from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { object, string } from 'yup';

import { formatQuantity } from '@/shared/lib/format';

import { normaliseDecimal, type WaybillFormValues } from './values';
import { contractMessage, contractText } from '@/shared/i18n';

// A sign is taken here so that "-3" is told the range, not "enter a whole number".
const INTEGER = /^-?\d+$/;
/** Why a typed quantity is not one the server takes (the contract's words), or undefined. */
const quantityProblem = (value: string) => decimalProblem(normaliseDecimal(value), QUANTITY_DECIMAL);

/** A quantity as the server takes it: a decimal string within the contract's digits, greater than 0. */
export const isQuantity = (value: string): boolean => quantityProblem(value) === undefined;

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
      .test('date', function realDate(value) {
        if (!value || isValidDate(value)) return true;
        // A whole date outside the years the product handles (31.12.9999) says what the range is.
        const year = /^(\d{4})-\d{2}-\d{2}$/.exec(value)?.[1];
        const outOfRange = year !== undefined && (Number(year) < LIMITS.yearMin || Number(year) > LIMITS.yearMax);
        // The range in the contract's words, as the server and the mocks answer it.
        const problem = dateProblem(value);
        return this.createError({
          message: outOfRange ? contractMessage(problem.key, problem.params) : t('waybills.validation.date'),
        });
      }),
    origin: text(LIMITS.codeMaxLength),
    destination: text(LIMITS.codeMaxLength),
    destinationCompany: string()
      .trim()
      .matches(new RegExp(REGISTRY_CODE_PATTERN), {
        message: t('waybills.validation.registryCode', { length: LIMITS.registryCodeLength }),
        excludeEmptyString: true,
      }),
    driverName: text(LIMITS.nameMaxLength),
    vehicleNumber: text(LIMITS.vehicleNumberMaxLength),
    mileage: string()
      .trim()
      .required(required)
      .matches(INTEGER, contractText('field.type.integer'))
      .test(
        'range',
        t('waybills.validation.range', { min: LIMITS.mileageMin, max: LIMITS.mileageMax }),
        (value) => !value || !INTEGER.test(value) || (Number(value) >= LIMITS.mileageMin && Number(value) <= LIMITS.mileageMax),
      ),
    assortment: text(LIMITS.codeMaxLength),
    quantity: string()
      .trim()
      .required(required)
      // Says what is wrong with this value: a sign, too many decimals or digits, not a number.
      .test('quantity', function quantity(value) {
        const problem = value ? quantityProblem(value) : undefined;
        return problem ? this.createError({ message: contractMessage(problem.key, problem.params) }) : true;
      })
      // One waybill is one load: more than a truck carries is a typing slip (the contract's LOAD_LIMITS).
      .test('load', function overLoad(value) {
        const unit = (this.parent as WaybillFormValues).unit;
        if (!value || !unit || !isQuantity(value) || !exceedsLoadLimit(normaliseDecimal(value), unit)) return true;
        // The limits are whole numbers under a thousand: written the same in every language.
        return this.createError({ message: t('waybills.validation.overLoad', { load: formatQuantity(LOAD_LIMITS[unit], unit, 'en') }) });
      }),
    notes: string().max(LIMITS.notesMaxLength, tooLong(LIMITS.notesMaxLength)),
  });
}
