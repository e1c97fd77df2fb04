import { mockWaybill } from '@/entities/waybill/index.mocks';

import { duplicateWaybillPath, duplicateWaybillValues } from './values';

describe('duplicateWaybillValues: another trip like a waybill', () => {
  const source = mockWaybill({
    number: 'W-2026-000042',
    status: 'delivered',
    transportDate: '2026-11-02',
    origin: 'TRT-O',
    destination: 'PRN-D',
    destinationCompany: '10000001',
    driverName: 'Peeter Kask',
    vehicleNumber: '123ABC',
    mileage: 180,
    assortment: 'SPR-SAW',
    quantity: '27.350',
    notes: 'Gate 3',
  });

  it('keeps the places, company, assortment and its unit, driver, vehicle and mileage', () => {
    const values = duplicateWaybillValues(source, new Date(2026, 10, 27));
    expect(values).toMatchObject({
      origin: 'TRT-O',
      destination: 'PRN-D',
      destinationCompany: '10000001',
      driverName: 'Peeter Kask',
      vehicleNumber: '123ABC',
      mileage: '180',
      assortment: 'SPR-SAW',
      unit: source.unit,
    });
  });

  it("takes today's date and leaves the number, quantity and notes to the new trip", () => {
    const values = duplicateWaybillValues(source, new Date(2026, 10, 27));
    expect(values).toMatchObject({ transportDate: '2026-11-27', number: '', quantity: '', notes: '' });
  });

  it('links to the new waybill page with the source in the query', () => {
    expect(duplicateWaybillPath('W-2026-000042')).toBe('/waybills/new?from=W-2026-000042');
    expect(duplicateWaybillPath('A&B 1')).toBe('/waybills/new?from=A%26B+1');
  });
});
