import {
  CERTIFICATE_CLAIMS,
  HOLDING_BASIS,
  HOLDING_BASIS_TYPES,
  LOCALES,
  evrEditProblems,
  evrReadiness,
  evrValueProblems,
  isEvrReady,
  isValidCadastralNumber,
  isValidCadastralNumbers,
  isValidIsikukood,
  isValidPartyCode,
  isMessageKey,
  valueLabel,
  type EvrWaybillFields,
} from '@timberlog/contract';

const today = new Date('2026-11-28T00:00:00Z');

/** A waybill EVR takes: a sales contract, the fullest basis. */
const complete: EvrWaybillFields = {
  driverName: 'Margus Tamm',
  vehicleNumber: '123ABC',
  ownerCompany: '10137319',
  transporterCompany: '12345678',
  driverIdCode: '37605030299',
  departureTime: '2026-11-27T06:30:00Z',
  holdingBasisType: 'SalesContract',
  cadastralNumber: '78401:001:0123',
  contractNumber: 'MK-2026/114',
  contractDate: '2026-10-02',
  previousOwnerName: 'Ants Saar',
  previousOwnerCode: '38001085718',
  previousOwnerAddress: 'Metsa tn 4, Paide',
  certificateClaims: [{ code: 'FSCMIX', number: 'NC-COC-012345' }],
  eudrReferenceNumber: '25EEXVTNR4Y3HN',
  eudrVerificationNumber: 'KRAGE8SX',
};

describe('contract: Estonian personal ID codes (isikukood)', () => {
  it.each(['37605030299', '38001085718', '49403136526', '60001019906', '50001010006'])('takes %s', (code) => {
    expect(isValidIsikukood(code, today)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '37605030298'],
    ['ten digits', '3760503029'],
    ['twelve digits', '376050302990'],
    ['letters', '3760503029A'],
    ['century digit 0', '07605030299'],
    ['century digit 7', '77605030299'],
    ['30 February', '38002300000'],
    ['month 13', '37613030299'],
    ['born after today', '62701010000'],
    ['spaces', ' 37605030299'],
  ])('refuses %s (%s)', (_, code) => {
    expect(isValidIsikukood(code, today)).toBe(false);
  });

  it('takes the second pass when the first remainder is 10', () => {
    // 4940313024x: weights 1..9,1 leave 10; weights 3..9,1,2,3 leave 8. A remainder of 10 in both passes gives 0 (4940313115x).
    expect(isValidIsikukood('49403130248', today)).toBe(true);
    expect(isValidIsikukood('49403130240', today)).toBe(false);
    expect(isValidIsikukood('49403131150', today)).toBe(true);
  });
});

describe('contract: cadastral numbers (katastritunnus)', () => {
  it.each(['78401:001:0123', '12801:003:0450', '00101:001:0001'])('takes %s', (code) => {
    expect(isValidCadastralNumber(code)).toBe(true);
  });
  it.each([
    '78401:01:0123',
    '78401-001-0123',
    '784010010123',
    '78401:001:012',
    '78401:001:0123 ',
    '00000:001:0123',
    '78401:000:0123',
    '78401:001:0000',
    '',
  ])('refuses %j', (code) => {
    expect(isValidCadastralNumber(code)).toBe(false);
  });
  it('takes several land units separated by commas', () => {
    expect(isValidCadastralNumbers('78401:001:0123, 78401:001:0124')).toBe(true);
    expect(isValidCadastralNumbers('78401:001:0123,')).toBe(false);
    expect(isValidCadastralNumbers(Array.from({ length: 11 }, () => '78401:001:0123').join(','))).toBe(false);
  });
  it('takes a registry code or an isikukood as a party code', () => {
    expect(isValidPartyCode('10137319')).toBe(true);
    expect(isValidPartyCode('37605030299')).toBe(true);
    expect(isValidPartyCode('1013731')).toBe(false);
    expect(isValidPartyCode('37605030298')).toBe(false);
  });
});

describe('contract: what confirming needs (evrReadiness)', () => {
  it('finds nothing missing on a complete waybill', () => {
    expect(evrReadiness(complete, today)).toEqual([]);
    expect(isEvrReady(complete, today)).toBe(true);
  });

  it('lists each missing field on its field', () => {
    const fields = evrReadiness({ driverName: 'Margus Tamm', vehicleNumber: '123ABC' }, today).map((p) => [p.field, p.key]);
    expect(fields).toEqual([
      ['ownerCompany', 'evr.ownerRequired'],
      ['transporterCompany', 'evr.required'],
      ['driverIdCode', 'evr.required'],
      ['departureTime', 'evr.required'],
      ['holdingBasisType', 'evr.required'],
    ]);
  });

  it.each(HOLDING_BASIS_TYPES)('asks of %s exactly the fields its type needs', (type) => {
    const bare = { ...complete, holdingBasisType: type };
    for (const field of HOLDING_BASIS[type].required) {
      expect(evrReadiness({ ...bare, [field]: null }, today)).toEqual([{ field, key: 'evr.required' }]);
      expect(evrReadiness({ ...bare, [field]: '  ' }, today)).toEqual([{ field, key: 'evr.required' }]);
    }
    const unused = [
      'forestNotificationNumber',
      'contractNumber',
      'contractDate',
      'previousOwnerName',
      'previousOwnerCode',
      'previousOwnerAddress',
    ];
    const onlyNeeded = Object.fromEntries(
      unused.filter((f) => !(HOLDING_BASIS[type].required as readonly string[]).includes(f)).map((f) => [f, null]),
    );
    expect(evrReadiness({ ...bare, ...onlyNeeded }, today)).toEqual([]);
  });

  it('takes a private owner by name and personal code instead of a company', () => {
    const privateOwner = { ...complete, ownerCompany: null, ownerPersonName: 'Kadri Kask', ownerPersonCode: '49403136526' };
    expect(evrReadiness(privateOwner, today)).toEqual([]);
    expect(evrReadiness({ ...privateOwner, ownerPersonCode: '' }, today)).toEqual([{ field: 'ownerPersonCode', key: 'evr.required' }]);
    expect(evrReadiness({ ...privateOwner, ownerPersonCode: '49403136527' }, today)).toEqual([
      { field: 'ownerPersonCode', key: 'field.idCode' },
    ]);
  });

  it('wants the EUDR numbers as a pair, or neither', () => {
    expect(evrReadiness({ ...complete, eudrReferenceNumber: null, eudrVerificationNumber: null }, today)).toEqual([]);
    expect(evrReadiness({ ...complete, eudrVerificationNumber: null }, today)).toEqual([
      { field: 'eudrVerificationNumber', key: 'evr.eudrPair' },
    ]);
    expect(evrReadiness({ ...complete, eudrReferenceNumber: '' }, today)).toEqual([{ field: 'eudrReferenceNumber', key: 'evr.eudrPair' }]);
  });

  it('counts malformed values too, once per field', () => {
    expect(evrReadiness({ ...complete, driverIdCode: '37605030298', cadastralNumber: '78401-001-0123' }, today)).toEqual([
      { field: 'driverIdCode', key: 'field.idCode' },
      { field: 'cadastralNumber', key: 'field.cadastralNumber' },
    ]);
  });
});

describe('contract: what an edit of a confirmed waybill may not take away (evrEditProblems)', () => {
  it('answers for the fields the edit changed only: an old waybill stays editable, emptying a needed field is refused', () => {
    const old = { driverName: 'Margus Tamm', vehicleNumber: '123ABC' };
    // The web form sends every field; empty text and null are the same "none".
    expect(evrEditProblems(old, { ...old, driverIdCode: '', departureTime: null, ownerCompany: '' }, today)).toEqual([]);
    expect(evrEditProblems(complete, { ...complete, departureTime: '2026-11-27T08:30:00+02:00' }, today)).toEqual([]);
    expect(evrEditProblems(complete, { ...complete, driverIdCode: '' }, today)).toEqual([{ field: 'driverIdCode', key: 'evr.required' }]);
    expect(evrEditProblems(complete, { ...complete, ownerCompany: null }, today)).toEqual([
      { field: 'ownerCompany', key: 'evr.ownerRequired' },
    ]);
  });
});

describe('contract: the EVR values of a draft (evrValueProblems)', () => {
  it('leaves missing values alone and refuses malformed ones', () => {
    expect(evrValueProblems({}, today)).toEqual([]);
    const problems = evrValueProblems(
      {
        holdingBasisType: 'Handshake',
        previousOwnerCode: '123',
        eudrReferenceNumber: 'abc',
        eudrVerificationNumber: 'KRAGE8S',
        certificateClaims: [{ code: 'FSC100' }, { code: 'FSC100' }, { code: 'ISO9001' }],
      },
      today,
    ).map((p) => [p.field, p.key]);
    expect(problems).toEqual([
      ['previousOwnerCode', 'field.partyCode'],
      ['holdingBasisType', 'field.enum'],
      ['eudrReferenceNumber', 'field.eudrReference'],
      ['eudrVerificationNumber', 'field.eudrVerification'],
      ['certificateClaims.1.code', 'evr.claimTwice'],
      ['certificateClaims.2.code', 'field.enum'],
    ]);
  });

  it('words every holding basis and claim in every locale, and every problem key is a message', () => {
    for (const locale of LOCALES) {
      for (const type of HOLDING_BASIS_TYPES) expect(valueLabel(locale, 'value.holdingBasis', type)).not.toMatch(/^value\./);
      for (const code of CERTIFICATE_CLAIMS) expect(valueLabel(locale, 'value.certificateClaim', code)).not.toMatch(/^value\./);
    }
    for (const key of [
      'evr.required',
      'evr.ownerRequired',
      'evr.eudrPair',
      'evr.claimTwice',
      'evr.notReady',
      'field.idCode',
      'field.cadastralNumber',
    ])
      expect(isMessageKey(key)).toBe(true);
  });
});
