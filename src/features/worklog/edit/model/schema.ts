import { LIMITS, QUANTITY_DECIMAL, WORKLOG_ACTIONS, decimalProblem, isValidDate } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { mixed, number, object, string } from 'yup';

import { normaliseDecimal, type WorklogFormValues } from './values';
import { contractMessage, contractText } from '@/shared/i18n';

// A sign is taken here so that "-3" is told the range, not "enter a whole number".
const INTEGER = /^-?\d+$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
/** Why a typed quantity is not one the server takes (the contract's words), or undefined. */
const quantityProblem = (value: string) => decimalProblem(normaliseDecimal(value), QUANTITY_DECIMAL);

/** A quantity as the server takes it: a decimal string within the contract's digits, greater than 0. */
export const isQuantity = (value: string): boolean => quantityProblem(value) === undefined;

/** A date and time as the form's field writes it, on a real date the server takes (the contract's isValidDate). */
const isLocalDateTime = (value: string): boolean => LOCAL_DATE_TIME.test(value) && isValidDate(value.slice(0, 10));

/** The worklog form's rules: the server's limits, patterns and rules from the contract package. */
export function worklogSchema(t: TFunction) {
  const required = t('worklogs.validation.required');
  const tooLong = (limit: number) => t('worklogs.validation.tooLong', { limit });

  return object<WorklogFormValues>({
    timestamp: string()
      .required(t('worklogs.validation.timestamp'))
      .test('timestamp', t('worklogs.validation.timestamp'), (value) => !value || isLocalDateTime(value)),
    action: mixed<string>()
      .required(required)
      .oneOf([...WORKLOG_ACTIONS], required),
    warehouse: number().nullable().required(required).integer().min(1, required).max(LIMITS.idMax, required),
    workerName: string().trim().required(required).max(LIMITS.nameMaxLength, tooLong(LIMITS.nameMaxLength)),
    assortment: string().trim().max(LIMITS.codeMaxLength, tooLong(LIMITS.codeMaxLength)),
    quantity: string()
      .trim()
      .test('quantity', function quantity(value) {
        const problem = value ? quantityProblem(value) : undefined;
        return problem ? this.createError({ message: contractMessage(problem.key, problem.params) }) : true;
      }),
    waybill: string().trim().max(LIMITS.documentNumberMaxLength, tooLong(LIMITS.documentNumberMaxLength)),
    durationMinutes: string()
      .trim()
      .required(required)
      .matches(INTEGER, contractText('field.type.integer'))
      .test(
        'range',
        t('worklogs.validation.range', { min: LIMITS.durationMinutesMin, max: LIMITS.durationMinutesMax }),
        (value) =>
          !value || !INTEGER.test(value) || (Number(value) >= LIMITS.durationMinutesMin && Number(value) <= LIMITS.durationMinutesMax),
      ),
    notes: string().max(LIMITS.notesMaxLength, tooLong(LIMITS.notesMaxLength)),
  });
}
