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
    expect(fieldOfHeading(' transport  DATE ')).toBe('transportDate');
    expect(fieldOfHeading('Sihtkoht')).toBe('destination');
    expect(fieldOfHeading('driverName')).toBe('driverName');
    expect(fieldOfHeading('Extra')).toBeNull();
    const mapping = recognisedMapping(readCsvHeader(FILE).headings);
    expect(mapping).toEqual(['transportDate', 'origin', 'destination', 'driverName', null, 'mileage', 'assortment', 'quantity', null]);
    expect(missingFields(mapping)).toEqual(['vehicleNumber']);
  });

  it('writes the heading row for a mapping and leaves the data rows as they were', () => {
    const header = readCsvHeader(FILE);
    const mapping = recognisedMapping(header.headings).map((field, i) => (i === 4 ? 'vehicleNumber' : field));
    const text = withMapping(FILE, header, mapping);
    expect(text).toBe(
      '\ufefftransportDate;origin;destination;driverName;vehicleNumber;mileage;assortment;quantity;Extra\r\n2026-11-23;TRT-O;PRN-D;A B;123ABC;180;SPR-SAW;27,350;x\r\n',
    );
    expect(missingFields(mapping)).toEqual([]);
  });

  it('takes a recognised column out when the user chooses nothing for it, and finds a field chosen twice', () => {
    const header = readCsvHeader('Origin,Origin 2\n1,2');
    expect(withMapping('Origin,Origin 2\n1,2', header, [null, 'origin'])).toBe('(Origin),origin\r\n1,2');
    expect(twiceMapped(['origin', 'origin', null])).toEqual(['origin']);
  });
});
