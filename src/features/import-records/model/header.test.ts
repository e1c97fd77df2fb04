import { WAYBILL_IMPORT_COLUMNS as COLUMNS, WORKLOG_IMPORT_COLUMNS, importColumnsParam } from '@timberlog/contract';

import { fieldOfHeading, missingFields, readCsvHeadings, recognisedMapping, twiceMapped } from './header';

const FILE =
  '\ufeffTransport date;Origin;Sihtkoht;Juht;Truck;Mileage (km);Assortment;Quantity;Extra\r\n2026-11-23;TRT-O;PRN-D;A B;123ABC;180;SPR-SAW;27,350;x\r\n';

describe('the heading row of a CSV file, as the server reads it', () => {
  it('finds the separator and the headings, past a byte-order mark and empty lines', () => {
    expect(readCsvHeadings(FILE)).toHaveLength(9);
    // The separator is the first line's (here none: a comma), as the server finds it.
    expect(readCsvHeadings(`\r\n,,\r\n${FILE.slice(1).replaceAll(';', ',')}`)[2]).toBe('Sihtkoht');
  });

  it('reads quoted headings with separators and quotes in them', () => {
    expect(readCsvHeadings('"Origin, site","Say ""hi""",x\n1,2,3')).toEqual(['Origin, site', 'Say "hi"', 'x']);
  });

  it('recognises headings in English or Estonian, or the API name; others are read past', () => {
    expect(fieldOfHeading(COLUMNS, ' transport  DATE ')).toBe('transportDate');
    expect(fieldOfHeading(COLUMNS, 'Sihtkoht')).toBe('destination');
    expect(fieldOfHeading(COLUMNS, 'driverName')).toBe('driverName');
    expect(fieldOfHeading(COLUMNS, 'Extra')).toBeNull();
    const mapping = recognisedMapping(COLUMNS, readCsvHeadings(FILE));
    expect(mapping).toEqual(['transportDate', 'origin', 'destination', 'driverName', null, 'mileage', 'assortment', 'quantity', null]);
    expect(missingFields(COLUMNS, mapping)).toEqual(['vehicleNumber']);
  });

  it('gives a field two headings name to the first, as the server does; the mapping is sent as columns', () => {
    const mapping = recognisedMapping(COLUMNS, ['Origin', 'Lähtekoht', 'Truck']);
    expect(mapping).toEqual(['origin', null, null]);
    expect(twiceMapped(['origin', 'origin', null])).toEqual(['origin']);
    expect(importColumnsParam([...mapping.slice(0, 2), 'vehicleNumber'])).toBe('origin,,vehicleNumber');
  });

  it('reads a worklog file by the worklog columns', () => {
    const mapping = recognisedMapping(WORKLOG_IMPORT_COLUMNS, readCsvHeadings('Aeg;Toiming;Ladu;Töötaja;Kestus (min)\n'));
    expect(mapping).toEqual(['timestamp', 'action', 'warehouse', 'workerName', 'durationMinutes']);
    expect(missingFields(WORKLOG_IMPORT_COLUMNS, mapping)).toEqual([]);
    expect(fieldOfHeading(WORKLOG_IMPORT_COLUMNS, 'Transport date')).toBeNull();
  });
});
