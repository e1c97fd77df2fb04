import { LIMITS, LOAD_LIMITS } from '@timberlog/contract';
import type { TFunction } from 'i18next';
import { ValidationError } from 'yup';

import { waybillSchema } from './schema';
import { emptyWaybillValues, toLocalDateTime, valuesToCreate, valuesToUpdate, type WaybillFormValues } from './values';

// Keys instead of texts: the test checks which rule fired.
const t = ((key: string) => key) as unknown as TFunction;

const valid: WaybillFormValues = {
  ...emptyWaybillValues(new Date(2026, 10, 23)),
  origin: 'TRT-O',
  destination: 'PRN-D',
  driverName: 'Peeter Kask',
  vehicleNumber: '123ABC',
  mileage: '180',
  assortment: 'SPR-SAW',
  quantity: '27.350',
};

/** The rule that rejects `field` with these changes, or null when the values pass. */
const errorOn = (changes: Partial<WaybillFormValues>, field: keyof WaybillFormValues, isNew = true): string | null => {
  try {
    waybillSchema(t, { isNew }).validateSync({ ...valid, ...changes }, { abortEarly: false });
    return null;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.find((inner) => inner.path === field)?.message ?? null;
  }
};

describe('waybillSchema: the server rules from the contract', () => {
  it('accepts a complete waybill', () => {
    expect(errorOn({}, 'number')).toBeNull();
    expect(waybillSchema(t, { isNew: true }).isValidSync(valid)).toBe(true);
  });

  it('requires what the server requires, and blank is not filled', () => {
    for (const field of ['origin', 'destination', 'driverName', 'vehicleNumber', 'mileage', 'assortment', 'quantity'] as const) {
      expect(errorOn({ [field]: '   ' }, field)).toBe('waybills.validation.required');
    }
    expect(errorOn({ transportDate: '' }, 'transportDate')).toBe('waybills.validation.date');
    expect(errorOn({ number: '', destinationCompany: '', notes: '' }, 'number')).toBeNull();
  });

  it('bounds mileage by the contract limits, whole numbers only', () => {
    expect(errorOn({ mileage: String(LIMITS.mileageMax) }, 'mileage')).toBeNull();
    expect(errorOn({ mileage: String(LIMITS.mileageMin) }, 'mileage')).toBeNull();
    expect(errorOn({ mileage: String(LIMITS.mileageMax + 1) }, 'mileage')).toBe('waybills.validation.range');
    // A negative number is told the range, not "enter a whole number".
    expect(errorOn({ mileage: '-3' }, 'mileage')).toBe('waybills.validation.range');
    expect(errorOn({ mileage: '12.5' }, 'mileage')).toBe('Enter a whole number.');
  });

  it('takes a quantity as the server does (> 0, the contract digits, a decimal comma too), saying what is wrong with the value', () => {
    const decimals = '1'.repeat(LIMITS.quantityMaxDecimals);
    const digits = '9'.repeat(LIMITS.quantityMaxIntegerDigits);
    expect(errorOn({ quantity: `${digits}.${decimals}` }, 'quantity')).toBeNull();
    expect(errorOn({ quantity: `12,${decimals}` }, 'quantity')).toBeNull();
    expect(errorOn({ quantity: `1.${decimals}1` }, 'quantity')).toBe(
      `Enter a number with at most ${LIMITS.quantityMaxDecimals} decimal places.`,
    );
    expect(errorOn({ quantity: `1${digits}` }, 'quantity')).toBe(
      `Enter a number with at most ${LIMITS.quantityMaxIntegerDigits} digits before the decimal point.`,
    );
    expect(errorOn({ quantity: '0' }, 'quantity')).toBe('Ensure this value is greater than 0.');
    expect(errorOn({ quantity: '0.000' }, 'quantity')).toBe('Ensure this value is greater than 0.');
    expect(errorOn({ quantity: '-5' }, 'quantity')).toBe('Ensure this value is greater than 0.');
    expect(errorOn({ quantity: '1e3' }, 'quantity')).toBe('Enter a number.');
  });

  it('limits text lengths by the contract', () => {
    const over = (limit: number) => 'x'.repeat(limit + 1);
    expect(errorOn({ driverName: over(LIMITS.nameMaxLength) }, 'driverName')).toBe('waybills.validation.tooLong');
    expect(errorOn({ driverName: 'x'.repeat(LIMITS.nameMaxLength) }, 'driverName')).toBeNull();
    expect(errorOn({ vehicleNumber: over(LIMITS.vehicleNumberMaxLength) }, 'vehicleNumber')).toBe('waybills.validation.tooLong');
    expect(errorOn({ notes: over(LIMITS.notesMaxLength) }, 'notes')).toBe('waybills.validation.tooLong');
    expect(errorOn({ origin: over(LIMITS.codeMaxLength) }, 'origin')).toBe('waybills.validation.tooLong');
  });

  it('checks a chosen number by the contract pattern, only when creating', () => {
    expect(errorOn({ number: 'W/2026-1_a' }, 'number')).toBeNull();
    expect(errorOn({ number: '-W1' }, 'number')).toBe('waybills.validation.numberPattern');
    expect(errorOn({ number: 'W 1' }, 'number')).toBe('waybills.validation.numberPattern');
    expect(errorOn({ number: 'W'.repeat(LIMITS.waybillNumberMaxLength + 1) }, 'number')).toBe('waybills.validation.tooLong');
    expect(errorOn({ number: 'anything at all' }, 'number', false)).toBeNull();
  });

  it('rejects dates that do not exist', () => {
    expect(errorOn({ transportDate: '2026-02-30' }, 'transportDate')).toBe('waybills.validation.date');
    expect(errorOn({ transportDate: '2028-02-29' }, 'transportDate')).toBeNull();
  });
});

describe('valuesToCreate', () => {
  it('sends what the API takes: trimmed text, a number for mileage, a point in the quantity', () => {
    expect(valuesToCreate({ ...valid, driverName: ' Peeter Kask ', quantity: '12,5', notes: 'Wet logs' })).toEqual({
      transportDate: '2026-11-23',
      origin: 'TRT-O',
      destination: 'PRN-D',
      driverName: 'Peeter Kask',
      vehicleNumber: '123ABC',
      mileage: 180,
      assortment: 'SPR-SAW',
      quantity: '12.5',
      notes: 'Wet logs',
    });
  });

  it('sends a chosen number and destination company only when given', () => {
    const body = valuesToCreate({ ...valid, number: ' W-1 ', destinationCompany: '10000001' });
    expect(body.number).toBe('W-1');
    expect(body.destinationCompany).toBe('10000001');
  });

  it("item 4: a quantity over one load of the assortment's unit is refused (LOAD_LIMITS), with the limit in the message", () => {
    const over = (quantity: string, unit: WaybillFormValues['unit']) => errorOn({ quantity, unit }, 'quantity');
    expect(over('3720', 'm3')).toBe('waybills.validation.overLoad');
    expect(over(`${LOAD_LIMITS.m3}`, 'm3')).toBeNull();
    expect(over('100,001', 'm3')).toBe('waybills.validation.overLoad');
    expect(over('60.001', 't')).toBe('waybills.validation.overLoad');
    expect(over('59,999', 't')).toBeNull();
    // The unit is not known yet (no assortment chosen): the server decides.
    expect(over('3720', '')).toBeNull();
  });

  it("item 7: a whole date outside the product's years says what the range is; a broken one asks for a date", () => {
    const range = `Enter a date in the years ${LIMITS.yearMin} to ${LIMITS.yearMax}.`;
    expect(errorOn({ transportDate: '9999-12-31' }, 'transportDate')).toBe(range);
    expect(errorOn({ transportDate: '1999-12-31' }, 'transportDate')).toBe(range);
    expect(errorOn({ transportDate: '2026-02-30' }, 'transportDate')).toBe('waybills.validation.date');
    expect(errorOn({ transportDate: `${LIMITS.yearMax}-12-31` }, 'transportDate')).toBeNull();
  });
});

describe('the EVR fields: the contract rules, a draft may leave them empty', () => {
  it('takes every EVR field empty', () => {
    for (const field of [
      'driverIdCode',
      'ownerPersonCode',
      'cadastralNumber',
      'previousOwnerCode',
      'eudrReferenceNumber',
      'grossMass',
    ] as const)
      expect(errorOn({}, field)).toBeNull();
  });

  it('refuses a personal ID code with a wrong check digit or date, and takes a valid one', () => {
    expect(errorOn({ driverIdCode: '37605030299' }, 'driverIdCode')).toBeNull();
    expect(errorOn({ driverIdCode: '37605030298' }, 'driverIdCode')).toMatch(/personal ID code/);
    expect(errorOn({ driverIdCode: '37613030299' }, 'driverIdCode')).toMatch(/personal ID code/);
    expect(errorOn({ ownerPersonCode: '3760503029' }, 'ownerPersonCode')).toMatch(/personal ID code/);
  });

  it('refuses a cadastral number not written NNNNN:NNN:NNNN, and takes several separated by commas', () => {
    expect(errorOn({ cadastralNumber: '78401:001:0123' }, 'cadastralNumber')).toBeNull();
    expect(errorOn({ cadastralNumber: '78401:001:0123, 78401:001:0124' }, 'cadastralNumber')).toBeNull();
    expect(errorOn({ cadastralNumber: '78401-001-0123' }, 'cadastralNumber')).toMatch(/cadastral number/);
    expect(errorOn({ cadastralNumber: '78401:01:0123' }, 'cadastralNumber')).toMatch(/cadastral number/);
  });

  it('refuses a claim listed twice, EUDR numbers not as TRACES gives them, and a gross mass over the limit', () => {
    const claims = [
      { code: 'FSC100', number: '' },
      { code: 'FSC100', number: 'NC-COC-1' },
    ];
    expect(errorOn({ certificateClaims: claims }, 'certificateClaims')).toBe('This claim is already listed.');
    expect(errorOn({ eudrReferenceNumber: 'abc' }, 'eudrReferenceNumber')).toMatch(/reference number/);
    expect(errorOn({ eudrVerificationNumber: 'KRAGE8S' }, 'eudrVerificationNumber')).toMatch(/verification number/);
    expect(errorOn({ grossMass: '80,5' }, 'grossMass')).toMatch(/80/);
    expect(errorOn({ grossMass: '48,2' }, 'grossMass')).toBeNull();
  });

  it('sends the departure as the instant of that Estonian time, and reads it back as typed', () => {
    const body = valuesToCreate({ ...valid, departureTime: '2026-11-23T07:30', holdingBasisType: 'ForestNotice' });
    expect(body.departureTime).toBe('2026-11-23T05:30:00.000Z');
    expect(body.holdingBasisType).toBe('ForestNotice');
    // Summer time: three hours ahead of UTC.
    expect(valuesToCreate({ ...valid, departureTime: '2026-07-01T07:30' }).departureTime).toBe('2026-07-01T04:30:00.000Z');
    expect(toLocalDateTime('2026-07-01T04:30:00.000Z')).toBe('2026-07-01T07:30');
  });

  it('clears an EVR field emptied on an edit, and sends the claims as the API takes them', () => {
    const body = valuesToUpdate({ ...valid, certificateClaims: [{ code: 'PEFC', number: ' ' }] });
    expect(body.driverIdCode).toBe('');
    expect(body.departureTime).toBeNull();
    expect(body.certificateClaims).toEqual([{ code: 'PEFC', number: null }]);
  });
});
