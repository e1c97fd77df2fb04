import { waybillPdf } from './src/documents/pdf.ts';
const base = { number: 'W-1', status: 'draft', transportDate: '2026-11-01', origin: 'A', originName: 'A', destination: 'B', destinationName: 'B', destinationCompany: '1', destinationCompanyName: 'C', driverName: 'D', vehicleNumber: 'V', mileage: 1, assortment: 'x', assortmentName: 'x', quantity: '1', unit: 'm3', invoice: null } as any;
for (const [name, notes] of [['plain', 'Hello world '.repeat(160)], ['zwj', 'W'.repeat(500) + '\u200d'.repeat(1500)], ['W2000', 'W'.repeat(2000)], ['zwjmix', 'W\u200d'.repeat(1000)], ['combining', 'e\u0301'.repeat(1000)]] as const) {
  const t = Date.now();
  const pdf = await waybillPdf({ ...base, notes, driverName: name === 'zwj' ? 'W'.repeat(100) + '\u200d'.repeat(100) : 'D' }, 'en');
  console.log(name, Date.now() - t, 'ms', pdf.length);
}
