import { LIMITS } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { ValidationError } from 'yup';

import { worklogSchema } from './schema';
import { fromLocalInput, toLocalInput, valuesToBody, type WorklogFormValues } from './values';

const t = ((key: string) => key) as unknown as TFunction;

const valid: WorklogFormValues = {
  timestamp: '2026-11-23T08:15',
  action: 'loading',
  warehouse: 3,
  workerName: 'Jaan Tamm',
  assortment: '',
  quantity: '',
  waybill: '',
  durationMinutes: '45',
  notes: '',
};

const errorOn = (changes: Partial<WorklogFormValues>, field: keyof WorklogFormValues): string | null => {
  try {
    worklogSchema(t).validateSync({ ...valid, ...changes }, { abortEarly: false });
    return null;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.find((inner) => inner.path === field)?.message ?? null;
  }
};

describe('worklogSchema: the server rules from the contract', () => {
  it('accepts a worklog without the optional fields', () => {
    expect(worklogSchema(t).isValidSync(valid)).toBe(true);
  });

  it('requires time, action, warehouse, worker and duration', () => {
    expect(errorOn({ timestamp: '' }, 'timestamp')).toBe('worklogs.validation.timestamp');
    expect(errorOn({ action: '' }, 'action')).toBe('worklogs.validation.required');
    expect(errorOn({ warehouse: null }, 'warehouse')).toBe('worklogs.validation.required');
    expect(errorOn({ workerName: '  ' }, 'workerName')).toBe('worklogs.validation.required');
    expect(errorOn({ durationMinutes: '' }, 'durationMinutes')).toBe('worklogs.validation.required');
  });

  it('bounds the duration by the contract limits', () => {
    expect(errorOn({ durationMinutes: String(LIMITS.durationMinutesMax) }, 'durationMinutes')).toBeNull();
    expect(errorOn({ durationMinutes: String(LIMITS.durationMinutesMax + 1) }, 'durationMinutes')).toBe('worklogs.validation.range');
    expect(errorOn({ durationMinutes: '1.5' }, 'durationMinutes')).toBe('Enter a whole number.');
  });

  it('takes an optional quantity as the server does', () => {
    expect(errorOn({ quantity: `1,${'5'.repeat(LIMITS.quantityMaxDecimals)}` }, 'quantity')).toBeNull();
    expect(errorOn({ quantity: `1.${'5'.repeat(LIMITS.quantityMaxDecimals + 1)}` }, 'quantity')).toBe(
      `Enter a number with at most ${LIMITS.quantityMaxDecimals} decimal places.`,
    );
    expect(errorOn({ quantity: '0' }, 'quantity')).toBe('Ensure this value is greater than 0.');
    expect(errorOn({ quantity: '-5' }, 'quantity')).toBe('Ensure this value is greater than 0.');
  });

  it('limits text lengths by the contract', () => {
    expect(errorOn({ workerName: 'x'.repeat(LIMITS.nameMaxLength + 1) }, 'workerName')).toBe('worklogs.validation.tooLong');
    expect(errorOn({ waybill: 'x'.repeat(LIMITS.documentNumberMaxLength + 1) }, 'waybill')).toBe('worklogs.validation.tooLong');
    expect(errorOn({ notes: 'x'.repeat(LIMITS.notesMaxLength + 1) }, 'notes')).toBe('worklogs.validation.tooLong');
  });
});

describe('valuesToBody', () => {
  it('sends the local time as an instant, empty optional fields as null, names with single spaces', () => {
    const body = valuesToBody({ ...valid, workerName: ' Jaan   Tamm ', quantity: '12,5' });
    expect(body).toEqual({
      timestamp: fromLocalInput('2026-11-23T08:15'),
      action: 'loading',
      warehouse: 3,
      workerName: 'Jaan Tamm',
      assortment: null,
      quantity: '12.5',
      waybill: null,
      durationMinutes: 45,
      notes: '',
    });
    expect(toLocalInput(body.timestamp)).toBe('2026-11-23T08:15');
  });
});
