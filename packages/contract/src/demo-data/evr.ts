/**
 * The demo data's EVR side: places of delivery with codes, address parts and L-EST97 coordinates,
 * and waybills with owners, carriers, drivers' personal codes, holding bases of every type,
 * certificate claims and EUDR numbers. Drawn from a PRNG of its own, so the rest of the demo data
 * is what it was before these fields existed.
 */
import { type CertificateClaimCode, type HoldingBasisType, isikukoodCheckDigit } from '../evr.ts';
import type { Prng } from './prng.ts';

/** A certificate claim as the API answers it. */
export interface DemoClaim {
  code: CertificateClaimCode;
  number: string | null;
}

export interface DemoWaybillEvr {
  ownerCompany: string | null;
  ownerCompanyName: string | null;
  ownerPersonName: string | null;
  ownerPersonCode: string | null;
  transporterCompany: string | null;
  transporterCompanyName: string | null;
  driverIdCode: string | null;
  driverPhone: string | null;
  trailerNumber: string | null;
  departureTime: string | null;
  grossMass: string | null;
  holdingBasisType: HoldingBasisType | null;
  cadastralNumber: string | null;
  compartment: string | null;
  forestAllocationNumber: string | null;
  forestNotificationNumber: string | null;
  contractNumber: string | null;
  contractDate: string | null;
  previousOwnerName: string | null;
  previousOwnerCode: string | null;
  previousOwnerAddress: string | null;
  certificateClaims: DemoClaim[];
  eudrReferenceNumber: string | null;
  eudrVerificationNumber: string | null;
  evrNumber: string | null;
  evrStatus: 'shipping' | 'unloaded' | 'finished' | 'cancelled' | null;
  /** How the exchange with EVR stands while not settled, why it failed, EVR's words, when it last answered. */
  evrSync: 'sending' | 'failed' | null;
  evrFailure: 'unreachable' | 'timeout' | 'server' | 'invalid' | 'refused' | 'auth' | 'off' | null;
  evrError: string | null;
  evrExchangedAt: string | null;
  evrMeasurement: DemoEvrMeasurement | null;
  /** The waybill's notes in EVR, as EVR last answered (none in the demo). */
  evrNotes: { message: string; creationTime: string | null; creatorName: string | null; creatorCode: string | null }[];
  evrMeasuredQuantity: string | null;
}

/** The receiver's latest measurement act as a waybill keeps it (server/src/evr/poller.ts). */
export interface DemoEvrMeasurement {
  actNumber: string | null;
  actDate: string | null;
  measurerCode: string | null;
  creationTime: string | null;
  total: { amount: number; unit: string } | null;
  items: { assortment: string | null; name: string | null; amount: number; unitCode: string | null }[];
}

export interface DemoWarehouseEvr {
  evrPlaceCode: string | null;
  county: string | null;
  city: string | null;
  street: string | null;
  coordX: number | null;
  coordY: number | null;
}

/** A waybill before the EVR fields: every one empty, as on a waybill made before them. */
export const NO_EVR: DemoWaybillEvr = {
  ownerCompany: null,
  ownerCompanyName: null,
  ownerPersonName: null,
  ownerPersonCode: null,
  transporterCompany: null,
  transporterCompanyName: null,
  driverIdCode: null,
  driverPhone: null,
  trailerNumber: null,
  departureTime: null,
  grossMass: null,
  holdingBasisType: null,
  cadastralNumber: null,
  compartment: null,
  forestAllocationNumber: null,
  forestNotificationNumber: null,
  contractNumber: null,
  contractDate: null,
  previousOwnerName: null,
  previousOwnerCode: null,
  previousOwnerAddress: null,
  certificateClaims: [],
  eudrReferenceNumber: null,
  eudrVerificationNumber: null,
  evrNumber: null,
  evrStatus: null,
  evrSync: null,
  evrFailure: null,
  evrError: null,
  evrExchangedAt: null,
  evrMeasurement: null,
  evrMeasuredQuantity: null,
  evrNotes: [],
};
export const NO_EVR_PLACE: DemoWarehouseEvr = { evrPlaceCode: null, county: null, city: null, street: null, coordX: null, coordY: null };

/** Where the demo's towns and forests are: latitude, longitude, county, city or parish. */
export const PLACES: Readonly<Record<string, readonly [number, number, string, string]>> = {
  Paide: [58.885, 25.557, 'Järva maakond', 'Paide linn'],
  Pärnu: [58.385, 24.497, 'Pärnu maakond', 'Pärnu linn'],
  Võru: [57.834, 27.019, 'Võru maakond', 'Võru linn'],
  Haapsalu: [58.943, 23.541, 'Lääne maakond', 'Haapsalu linn'],
  Rakvere: [59.346, 26.355, 'Lääne-Viru maakond', 'Rakvere linn'],
  Kuressaare: [58.253, 22.485, 'Saare maakond', 'Saaremaa vald'],
  Tartu: [58.378, 26.729, 'Tartu maakond', 'Tartu linn'],
  Maardu: [59.476, 25.025, 'Harju maakond', 'Maardu linn'],
  Valga: [57.777, 26.047, 'Valga maakond', 'Valga vald'],
  Põlva: [58.061, 27.069, 'Põlva maakond', 'Põlva vald'],
  Keila: [59.304, 24.413, 'Harju maakond', 'Keila linn'],
  Viljandi: [58.364, 25.59, 'Viljandi maakond', 'Viljandi linn'],
  Rapla: [58.999, 24.793, 'Rapla maakond', 'Rapla vald'],
  Jõgeva: [58.746, 26.394, 'Jõgeva maakond', 'Jõgeva vald'],
  Jõhvi: [59.359, 27.421, 'Ida-Viru maakond', 'Jõhvi vald'],
  Kärdla: [58.998, 22.749, 'Hiiu maakond', 'Hiiumaa vald'],
  Paldiski: [59.356, 24.053, 'Harju maakond', 'Lääne-Harju vald'],
  Türi: [58.808, 25.432, 'Järva maakond', 'Türi vald'],
  Kõrvemaa: [59.25, 25.45, 'Harju maakond', 'Anija vald'],
  Soomaa: [58.43, 25.03, 'Pärnu maakond', 'Põhja-Pärnumaa vald'],
  Alutaguse: [59.15, 27.35, 'Ida-Viru maakond', 'Alutaguse vald'],
  Haanja: [57.71, 27.05, 'Võru maakond', 'Rõuge vald'],
  Karula: [57.73, 26.47, 'Valga maakond', 'Valga vald'],
  Peipsiääre: [58.6, 27.15, 'Tartu maakond', 'Peipsiääre vald'],
  Lahemaa: [59.55, 25.85, 'Harju maakond', 'Kuusalu vald'],
  Vooremaa: [58.8, 26.65, 'Jõgeva maakond', 'Jõgeva vald'],
  Kikepera: [58.3, 24.8, 'Pärnu maakond', 'Tori vald'],
  Endla: [58.87, 26.15, 'Jõgeva maakond', 'Jõgeva vald'],
  Puhatu: [59.2, 27.6, 'Ida-Viru maakond', 'Alutaguse vald'],
  Nõva: [59.22, 23.68, 'Lääne maakond', 'Lääne-Nigula vald'],
  Tudu: [59.18, 26.85, 'Lääne-Viru maakond', 'Vinni vald'],
  Sõmerpalu: [57.86, 26.85, 'Võru maakond', 'Võru vald'],
  Kurtna: [59.28, 27.53, 'Ida-Viru maakond', 'Alutaguse vald'],
  Aegviidu: [59.28, 25.61, 'Harju maakond', 'Anija vald'],
  Järvselja: [58.28, 27.32, 'Tartu maakond', 'Kastre vald'],
  Tõrva: [58.0, 25.93, 'Valga maakond', 'Tõrva vald'],
  Mustvee: [58.85, 26.94, 'Jõgeva maakond', 'Mustvee vald'],
  Simuna: [59.05, 26.4, 'Lääne-Viru maakond', 'Väike-Maarja vald'],
  Audru: [58.41, 24.36, 'Pärnu maakond', 'Pärnu linn'],
  Tahkuranna: [58.23, 24.45, 'Pärnu maakond', 'Häädemeeste vald'],
};

/**
 * Latitude and longitude in L-EST97 metres (x north, y east), near enough for a demo: a
 * transverse approximation around 24° E, within a few hundred metres of the real projection.
 */
export function lest97(lat: number, lon: number): { x: number; y: number } {
  const x = 6_589_000 + (lat - 59.437) * 111_200;
  const y = 500_000 + (lon - 24) * Math.cos((lat * Math.PI) / 180) * 111_320;
  return { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
}

/** A valid isikukood for someone born in 1960–1999 (`male` picks 3 or 4). */
export function demoIsikukood(r: Prng, male: boolean): string {
  const yy = String(r.int(60, 99));
  const mm = String(r.int(1, 12)).padStart(2, '0');
  const dd = String(r.int(1, 28)).padStart(2, '0');
  const body = `${male ? 3 : 4}${yy}${mm}${dd}${String(r.int(0, 999)).padStart(3, '0')}`;
  return body + isikukoodCheckDigit([...body].map(Number));
}

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const alnum = (r: Prng, n: number) => Array.from({ length: n }, () => r.pick([...ALNUM])).join('');

/** The holding bases of the demo, weighted as an office sees them: mostly forest notifications. */
export const DEMO_BASES: readonly (readonly [HoldingBasisType, number])[] = [
  ['ForestNotice', 50],
  ['SalesContract', 14],
  ['ContractForTransferOfCuttingRights', 12],
  ['WithoutForestNotice', 8],
  ['ForestAct', 6],
  ['InventoryAct', 5],
  ['ConsolidatedAct', 5],
];

export function pickBasis(r: Prng): HoldingBasisType {
  let roll = r.int(
    1,
    DEMO_BASES.reduce((sum, [, w]) => sum + w, 0),
  );
  for (const [type, weight] of DEMO_BASES) {
    roll -= weight;
    if (roll <= 0) return type;
  }
  return 'ForestNotice';
}

/** Claims as an FSC or PEFC chain-of-custody holder writes them, with the certificate's code. */
export function demoClaims(r: Prng): DemoClaim[] {
  const roll = r.next();
  if (roll < 0.35) return [];
  if (roll < 0.6) return [{ code: 'FSCMIX', number: `NC-COC-${String(r.int(10_000, 99_999)).padStart(6, '0')}` }];
  if (roll < 0.72) return [{ code: 'FSC100', number: `NC-COC-${String(r.int(10_000, 99_999)).padStart(6, '0')}` }];
  // Recycled wood is rare on a timber truck: reclaimed wood for chipping.
  if (roll < 0.74) return [{ code: 'FSCRECYCLED', number: `NC-COC-${String(r.int(10_000, 99_999)).padStart(6, '0')}` }];
  if (roll < 0.9) return [{ code: 'PEFC', number: `PEFC/08-31-${String(r.int(1, 99)).padStart(2, '0')}` }];
  return [
    { code: 'FSCCW', number: `SGSCH-COC-${r.int(100_000, 999_999)}` },
    { code: 'PEFCCS', number: `PEFC/08-21-${String(r.int(1, 99)).padStart(2, '0')}` },
  ];
}

/** An EUDR statement's numbers as TRACES gives them: reference `26EE…` (14), verification (8). */
export const demoEudr = (r: Prng, year: number) => ({
  eudrReferenceNumber: `${String(year).slice(2)}EE${alnum(r, 10)}`,
  eudrVerificationNumber: alnum(r, 8),
});

/** A plausible cadastral number: a municipality's code, a section, a unit. */
export const demoCadastre = (r: Prng) =>
  `${r.int(10_000, 99_999)}:${String(r.int(1, 30)).padStart(3, '0')}:${String(r.int(1, 9_999)).padStart(4, '0')}`;
