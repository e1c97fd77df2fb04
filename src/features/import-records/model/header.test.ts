import { WAYBILL_IMPORT_COLUMNS as COLUMNS, WORKLOG_IMPORT_COLUMNS } from '@timberlog/contract';

import { fieldOfHeading, missingFields, readCsvHeader, recognisedMapping, twiceMapped, withMapping } from './header';

const FILE =
  '\ufeffTransport date;Origin;Sihtkoht;Juht;Truck;Mileage (km);Assortment;Quantity;Extra\r\n2026-11-23;TRT-O;PRN-D;A B;123ABC;180;SPR-SAW;27,350;x\r\n';

describe('the heading row of a CSV file, as the server reads it', () => {
  it('finds the separator, the headings and where the row ends, past a byte-order mark', () => {
    const header = readCsvHeader(FILE);
    expect(header.separator).toBe(';');
    expect(header.bom).toBe(true);
    expect(header.headings).toHaveLength(9);
    expect(FILE.slice(header.end)).toMatch(/^2026-11-23;/);
  });

  it('reads quoted headings with separators and quotes in them', () => {
    const header = readCsvHeader('"Origin, site","Say ""hi""",x\n1,2,3');
    expect(header.separator).toBe(',');
    expect(header.headings).toEqual(['Origin, site', 'Say "hi"', 'x']);
  });

  it('recognises headings in English or Estonian, or the API name; others are read past', () => {
    expect(fieldOfHeading(COLUMNS, ' transport  DATE ')).toBe('transportDate');
    expect(fieldOfHeading(COLUMNS, 'Sihtkoht')).toBe('destination');
    expect(fieldOfHeading(COLUMNS, 'driverName')).toBe('driverName');
    expect(fieldOfHeading(COLUMNS, 'Extra')).toBeNull();
    const mapping = recognisedMapping(COLUMNS, readCsvHeader(FILE).headings);
    expect(mapping).toEqual(['transportDate', 'origin', 'destination', 'driverName', null, 'mileage', 'assortment', 'quantity', null]);
    expect(missingFields(COLUMNS, mapping)).toEqual(['vehicleNumber']);
  });

  it('writes the heading row for a mapping and leaves the data rows as they were', () => {
    const header = readCsvHeader(FILE);
    const mapping = recognisedMapping(COLUMNS, header.headings).map((field, i) => (i === 4 ? 'vehicleNumber' : field));
    const text = withMapping(COLUMNS, FILE, header, mapping);
    expect(text).toBe(
      '\ufefftransportDate;origin;destination;driverName;vehicleNumber;mileage;assortment;quantity;Extra\r\n2026-11-23;TRT-O;PRN-D;A B;123ABC;180;SPR-SAW;27,350;x\r\n',
    );
    expect(missingFields(COLUMNS, mapping)).toEqual([]);
  });

  it('takes a recognised column out when the user chooses nothing for it, and finds a field chosen twice', () => {
    const header = readCsvHeader('Origin,Origin 2\n1,2');
    expect(withMapping(COLUMNS, 'Origin,Origin 2\n1,2', header, [null, 'origin'])).toBe('(Origin),origin\r\n1,2');
    expect(twiceMapped(['origin', 'origin', null])).toEqual(['origin']);
  });

  it('reads a worklog file by the worklog columns', () => {
    const header = readCsvHeader('Aeg;Toiming;Ladu;Töötaja;Kestus (min)\n');
    const mapping = recognisedMapping(WORKLOG_IMPORT_COLUMNS, header.headings);
    expect(mapping).toEqual(['timestamp', 'action', 'warehouse', 'workerName', 'durationMinutes']);
    expect(missingFields(WORKLOG_IMPORT_COLUMNS, mapping)).toEqual([]);
    expect(fieldOfHeading(WORKLOG_IMPORT_COLUMNS, 'Transport date')).toBeNull();
  });
});
