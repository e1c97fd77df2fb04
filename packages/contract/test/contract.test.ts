import {
  LIMITS,
  LISTS,
  PAGE_SIZES,
  QUANTITY_PATTERN,
  PRICE_PATTERN,
  REGISTRY_CODE_PATTERN,
  WAYBILL_STATUSES,
  WAYBILL_TRANSITIONS,
  WAYBILL_EDITABLE_STATUSES,
  WAYBILL_DELETABLE_STATUSES,
  documentNumber,
  parseSort,
  paymentReference,
  passwordProblems,
  sortValues,
  clampPageSize,
  orderParts,
  WAYBILL_LIST,
  foldCase,
  allFilters,
  splitsOnComma,
} from '@timberlog/contract';

describe('contract: limits and patterns', () => {
  it('builds the decimal patterns from the limits', () => {
    const quantity = new RegExp(QUANTITY_PATTERN);
    expect(quantity.test('1'.repeat(LIMITS.quantityMaxIntegerDigits) + '.' + '1'.repeat(LIMITS.quantityMaxDecimals))).toBe(true);
    expect(quantity.test('1'.repeat(LIMITS.quantityMaxIntegerDigits + 1))).toBe(false);
    expect(quantity.test('1.' + '1'.repeat(LIMITS.quantityMaxDecimals + 1))).toBe(false);
    expect(new RegExp(PRICE_PATTERN).test('1.' + '1'.repeat(LIMITS.priceMaxDecimals + 1))).toBe(false);
    expect(new RegExp(REGISTRY_CODE_PATTERN).test('1'.repeat(LIMITS.registryCodeLength))).toBe(true);
    expect(new RegExp(REGISTRY_CODE_PATTERN).test('1'.repeat(LIMITS.registryCodeLength - 1))).toBe(false);
  });

  it('numbers documents as the server does', () => {
    expect(documentNumber('W', 2026, 42)).toBe('W-2026-000042');
  });

  it('knows the password rules', () => {
    expect(passwordProblems('short', '')).toEqual(['tooShort']);
    expect(passwordProblems('1234567890123', '')).toEqual(['numeric']);
    expect(passwordProblems('mari.maasikas', 'Mari.Maasikas@example.com')).toEqual(['sameAsEmail']);
    expect(passwordProblems('ab'.repeat(LIMITS.passwordMaxLength))).toEqual(['tooLong']);
    expect(passwordProblems('          ')).toEqual(['blank']);
    expect(passwordProblems('aaaaaaaaaa')).toEqual(['repeated']);
    expect(passwordProblems('Palgivedu-2026', 'user@timberlog.ee')).toEqual([]);
  });

  it('has page sizes within the server bound', () => {
    expect(Math.max(...PAGE_SIZES)).toBeLessThanOrEqual(LIMITS.pageSizeMax);
    expect(clampPageSize(9999)).toBe(LIMITS.pageSizeMax);
    expect(clampPageSize(-3)).toBe(1);
  });
});

describe('contract: waybill states', () => {
  it('moves only forward, and never into invoiced by hand', () => {
    for (const from of WAYBILL_STATUSES) {
      expect(WAYBILL_TRANSITIONS[from]).not.toContain('invoiced');
      expect(WAYBILL_TRANSITIONS[from]).not.toContain(from);
    }
    expect(WAYBILL_EDITABLE_STATUSES).toEqual(['draft', 'confirmed']);
    expect(WAYBILL_DELETABLE_STATUSES).toEqual(['draft']);
  });
});

describe('contract: lists', () => {
  it.each(Object.entries(LISTS))('%s: its default sort uses its sort fields', (_name, list) => {
    for (const part of parseSort(list.defaultSort)) {
      expect(sortValues(list)).toContain(part);
    }
    expect(new Set(list.sort).size).toBe(list.sort.length);
  });

  it.each(Object.entries(LISTS).filter(([, list]) => list.key === 'number'))(
    '%s: its default sort ends with the number, so rows of one date are in number order',
    (_name, list) => {
      expect(parseSort(list.defaultSort).at(-1)?.replace(/^-/, '')).toBe('number');
    },
  );

  it('offers each sort field both ways', () => {
    expect(sortValues(LISTS.waybills)).toEqual(expect.arrayContaining(['transportDate', '-transportDate', 'vehicleNumber', '-invoice']));
  });
});

describe('orderParts', () => {
  it('appends the key in the direction of the first sort part, or of the default sort', () => {
    expect(orderParts(WAYBILL_LIST, ['-mileage', 'transportDate'])).toEqual(['-mileage', 'transportDate', '-number']);
    expect(orderParts(WAYBILL_LIST, ['quantity'])).toEqual(['quantity', 'number']);
    expect(orderParts(WAYBILL_LIST, ['-quantity'])).toEqual(['-quantity', '-number']);
    expect(orderParts(WAYBILL_LIST, [])).toEqual([
      ...parseSort(WAYBILL_LIST.defaultSort),
      `${WAYBILL_LIST.defaultSort.startsWith('-') ? '-' : ''}number`,
    ]);
  });
});

describe('orderParts: ties', () => {
  it('orders the ties of a sort by mileage alone by transport date, then the key, in its direction', () => {
    expect(orderParts(WAYBILL_LIST, ['mileage'])).toEqual(['mileage', 'transportDate', 'number']);
    expect(orderParts(WAYBILL_LIST, ['-mileage'])).toEqual(['-mileage', '-transportDate', '-number']);
    // A sort of more than one field is the order asked for, then the key.
    expect(orderParts(WAYBILL_LIST, ['mileage', '-quantity'])).toEqual(['mileage', '-quantity', 'number']);
  });
});

describe('foldCase', () => {
  it("lowers Estonian and other letters one by one, as PostgreSQL's pg_c_utf8 lower()", () => {
    expect(foldCase('Ülle ÕUNAPUU, Šmidt ja Žanna; ÄÖ')).toBe('ülle õunapuu, šmidt ja žanna; äö');
    // Simple mappings only: no final sigma, and the dotted capital I stays one letter.
    expect(foldCase('ΟΔΟΣ İ')).toBe('οδοσ i');
    expect(foldCase('W-2026-000123 abc')).toBe('w-2026-000123 abc');
  });
});

describe('contract: comma-separated filters', () => {
  it('only enum or boolean multi filters are marked comma-separated, and no value of theirs holds a comma', () => {
    for (const list of Object.values(LISTS)) {
      for (const [name, def] of Object.entries(allFilters(list))) {
        if (!splitsOnComma(def) || def.kind !== 'multi') continue;
        expect([name, def.values !== undefined || def.type === 'boolean']).toEqual([name, true]);
        expect((def.values ?? []).filter((value) => value.includes(','))).toEqual([]);
      }
    }
    expect(splitsOnComma(LISTS.worklogs.filters.workerName)).toBe(false);
    expect(splitsOnComma(LISTS.worklogs.filters.actionIn)).toBe(true);
  });
});

describe("an invoice's payment reference number (viitenumber, 7-3-1)", () => {
  it("takes the invoice number's digits and the check digit that the banks compute", () => {
    // The Estonian Banking Association's own example: 123456 → 1234561.
    expect(paymentReference('123456')).toBe('1234561');
    expect(paymentReference('A-2026-000042')).toBe('20260000422');
    expect(paymentReference('A-2026-000043')).toBe('20260000435');
  });

  it('is 2 to 20 digits with no leading zero, and its check digit fails when a digit changes', () => {
    expect(paymentReference('7')).toMatch(/^7\d$/);
    expect(paymentReference(`A-${'9'.repeat(30)}`)).toHaveLength(20);
    const check = (reference: string) => paymentReference(reference.slice(0, -1)) === reference;
    expect(check('20260000422')).toBe(true);
    expect(check('20260000432')).toBe(false);
  });
});
