/** The demo register's organisations: our own company, the sawmill it delivers to, and a measurer. */
import type { Organisation, PlaceOfDelivery } from './app.ts';

export const DEMO_ORGANISATIONS: readonly Organisation[] = [
  {
    code: '14567890',
    name: 'Timberlog Metsavedu OÜ',
    apiKey: 'demo-timberlog-key',
    waybillNumberPrefix: 'TLM',
    address: { countryCode: 'EST', county: 'Harju maakond', city: 'Tallinn', street: 'Pärnu mnt 139' },
    email: 'info@timberlog.example',
  },
  {
    code: '10987654',
    name: 'Järva Saeveski AS',
    apiKey: 'demo-sawmill-key',
    waybillNumberPrefix: 'JSV',
    address: { countryCode: 'EST', county: 'Järva maakond', city: 'Paide', street: 'Tööstuse 12' },
    email: 'vastuvott@saeveski.example',
  },
  {
    code: '12233445',
    name: 'Eesti Metsamõõtjad OÜ',
    apiKey: 'demo-measurer-key',
    measurer: true,
    waybillNumberPrefix: 'EMM',
    address: { countryCode: 'EST', county: 'Tartu maakond', city: 'Tartu', street: 'Riia 181' },
  },
];

export const DEMO_PLACES_OF_DELIVERY: readonly PlaceOfDelivery[] = [
  {
    code: 'JSV-PAIDE',
    name: 'Järva Saeveski, Paide tehas',
    registerCode: '10987654',
    address: { countryCode: 'EST', county: 'Järva maakond', city: 'Paide', street: 'Tööstuse 12' },
    coordinates: { x: 6532010, y: 580470, epsg: 3301 },
    openTimes: ['E-R 7:00-19:00'],
    isPublic: true,
    isActive: true,
    preferredCertificates: ['FSCMIX', 'PEFC'],
    waybillAuthorizations: [{ code: '12233445', type: 'forMeasuring' }],
  },
  {
    code: 'JSV-TURI',
    name: 'Järva Saeveski, Türi ladu',
    registerCode: '10987654',
    address: { countryCode: 'EST', county: 'Järva maakond', city: 'Türi', street: 'Viljandi 55' },
    isPublic: false,
    isActive: true,
  },
];
