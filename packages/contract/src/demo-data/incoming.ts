/**
 * The demo's incoming loads: forest companies ship timber to the office's own company (the demo
 * haulier, which also buys timber for its Võru yard), each started in EVR by the supplier's own
 * software. They are EVR's documents as the register keeps them (the stand-in's stored form: the
 * waybill, who started it, its measurement acts): the stand-in starts with them in demo mode, the
 * server's seed takes them in as the poller does, and the mocks read them the same way.
 */
import type { DemoCompany } from './generate.ts';
import { DEMO_HAULIER } from './reference.ts';

/** An EVR waybill as the register keeps it (pyevr's JSON names). */
export interface DemoIncoming {
  waybill: { number: string; status: 'shipping' | 'unloaded' | 'finished' | 'cancelled'; [field: string]: unknown };
  creatorCode: string;
  acts: Record<string, unknown>[];
}

const HOUR = 3_600_000;

const LOADS = [
  {
    from: 'Põlva Metsaühistu MTÜ',
    source: 'Himmaste metsaladu',
    cadaster: '62401:002:0170',
    item: ['MA-PALK-18', 'Pine saw log 18+ cm', 'PALK', 28.4],
    basis: 'ForestNotice',
    claims: [{ code: 'FSCMIX', number: 'NC-COC-012345' }],
    step: 'shipping',
    driver: ['Urmas Saar', '37605030299', '+372 5123 4410', '512 BTR'],
  },
  {
    from: 'Valga Metsad OÜ',
    source: 'Tõlliste metsaladu',
    cadaster: '82001:001:0563',
    item: ['KU-PP', 'Spruce pulpwood', 'PABER', 31.2],
    basis: 'SalesContract',
    claims: [{ code: 'PEFC', number: 'PEFC/09-31-02' }],
    step: 'unloaded',
    driver: ['Tiit Lepp', '38112120340', '+372 5344 0912', '344 MKL'],
  },
  {
    from: 'Hiiumaa Metsatalu OÜ',
    source: 'Kärdla metsaladu',
    cadaster: '39201:004:0021',
    item: ['KS-PP', 'Birch pulpwood', 'PABER', 26.9],
    basis: 'ForestNotice',
    claims: [],
    step: 'measured',
    driver: ['Marko Orav', '39002280218', '+372 5078 2231', '078 HHA'],
  },
  {
    from: 'Rapla Metsahooldus OÜ',
    source: 'Kehtna metsaladu',
    cadaster: '29101:003:0890',
    item: ['SEGA-KP', 'Mixed firewood', 'KUTE', 24.0],
    basis: 'WithoutForestNotice',
    claims: [],
    step: 'cancelled',
    driver: ['Rein Kask', '36809150233', '+372 5901 7713', '901 RPL'],
  },
  {
    from: 'Põlva Metsaühistu MTÜ',
    source: 'Mooste metsaladu',
    cadaster: '62801:001:0344',
    item: ['KU-PALK-18', 'Spruce saw log 18+ cm', 'PALK', 29.6],
    basis: 'ForestNotice',
    claims: [{ code: 'FSC100', number: 'NC-COC-012345' }],
    step: 'finished',
    driver: ['Urmas Saar', '37605030299', '+372 5123 4410', '512 BTR'],
  },
] as const;

type Company = Pick<DemoCompany, 'name' | 'registryCode' | 'address'>;

/** EVR's address of a demo company (`street, town`), in the county of its town. */
const address = (company: Company) => {
  const [street, city] = company.address.split(',').map((part) => part.trim());
  const county = COUNTIES[city ?? ''] ?? 'Harju maakond';
  return { countryCode: 'EST', county, city: city ?? '', street: street ?? company.address };
};

const COUNTIES: Readonly<Record<string, string>> = {
  Võru: 'Võru maakond',
  Põlva: 'Põlva maakond',
  Valga: 'Valga maakond',
  Kärdla: 'Hiiu maakond',
  Rapla: 'Rapla maakond',
};

/** The demo's incoming loads, the last one departing `anchor` less 10 hours, the others a day apart before it. */
export function demoIncoming(companies: readonly Company[], anchor: number): DemoIncoming[] {
  const own = companies.find((c) => c.name === DEMO_HAULIER);
  if (!own) return [];
  const byName = new Map(companies.map((c) => [c.name, c]));
  return LOADS.flatMap((load, i) => {
    const supplier = byName.get(load.from);
    if (!supplier) return [];
    const departure = anchor - (LOADS.length - i) * 24 * HOUR + 14 * HOUR;
    const at = (hours: number) => new Date(departure + hours * HOUR).toISOString();
    const [code, name, productGroup, amount] = load.item;
    const [driverName, driverIdCode, driverPhone, van] = load.driver;
    const assortment = { code, name, productGroup };
    const unloaded = load.step === 'unloaded' || load.step === 'measured' || load.step === 'finished';
    const measured = load.step === 'measured' || load.step === 'finished';
    const measuredAmount = Number((amount * (i === 2 ? 0.955 : 0.991)).toFixed(2));
    const acts = measured
      ? [
          {
            actNumber: `EMM-2026-0${41 + i}`,
            actDate: at(5).slice(0, 10),
            measurements: [{ amount: measuredAmount, unitCode: 'tm', assortment }],
            customMeasurementData: null,
            measurerCode: '12233445',
            creationTime: at(5),
            total: { amount: measuredAmount, unit: 'tm' },
          },
        ]
      : [];
    const last = load.step === 'cancelled' ? at(1) : load.step === 'finished' ? at(6) : measured ? at(5.5) : unloaded ? at(4) : at(0);
    return [
      {
        creatorCode: supplier.registryCode,
        acts,
        waybill: {
          number: `METS${String(260_041 + i).padStart(6, '0')}`,
          status: load.step === 'measured' ? 'unloaded' : load.step,
          owner: { name: supplier.name, code: supplier.registryCode, address: address(supplier) },
          transport: {
            transporter: { name: supplier.name, code: supplier.registryCode },
            driverName,
            driverIdCode,
            driverPhone,
            vanRegistrationNumber: van,
          },
          receiver: { name: own.name, code: own.registryCode, address: address(own) },
          placeOfDelivery: { name: `${own.name}, Võru plats`, address: address(own) },
          departureTime: at(0),
          submissionTime: at(-0.25),
          comment: i % 2 === 0 ? `EUDR DDS 26EE${4_100_000 + i * 7_919} / ${88_120 + i * 31}` : null,
          shipments: [
            {
              holdingBase:
                load.basis === 'SalesContract'
                  ? {
                      type: load.basis,
                      cadaster: load.cadaster,
                      contractNumber: 'MK-2026/114',
                      contractDate: '2026-10-02',
                      previousOwner: { name: 'Ants Tamm', code: '35504120275' },
                    }
                  : { type: load.basis, cadaster: load.cadaster },
              source: { name: load.source, address: address(supplier) },
              items: [{ amount, unitCode: 'tm', assortment }],
              certificateClaims: load.claims.length > 0 ? load.claims : null,
            },
          ],
          creationTime: at(-0.25),
          cancellationTime: load.step === 'cancelled' ? at(1) : null,
          cancellationReason: load.step === 'cancelled' ? 'Veok ei väljunud: tee suletud.' : null,
          totalJourneyMileage: unloaded ? 60 + i * 17 : null,
          unloadingComment: null,
          unloadingTime: unloaded ? at(4) : null,
          finishingTime: load.step === 'finished' ? at(6) : null,
          lastModificationTime: last,
          notes: measured
            ? [
                {
                  creator: { name: supplier.name, code: supplier.registryCode },
                  creationTime: at(5.5),
                  message: 'Mõõdetud Võru platsil, koor arvestatud.',
                },
              ]
            : [],
          waybillAuthorizations: [{ code: '12233445', type: 'forMeasuring' }],
        },
      },
    ];
  });
}

/** The document EVR answers for a kept waybill (its latest measurement act with it). */
export const incomingDocument = (stored: DemoIncoming) => ({ ...stored.waybill, waybillLatestMeasurements: stored.acts.at(-1) ?? null });
