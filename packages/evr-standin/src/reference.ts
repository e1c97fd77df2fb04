/**
 * EVR's reference lists, small and realistic for Estonian roundwood. The field names are pyevr's
 * (`Assortment`, `MeasurementUnit`, `Certificate`). Names are Estonian, as EVR keeps them.
 */

export interface Assortment {
  code: string;
  productGroupCode: string;
  name: string;
  measurementUnitCode: string;
}

export interface MeasurementUnit {
  code: string;
  name: string;
}

export interface Certificate {
  code: string;
  name: string;
}

export const MEASUREMENT_UNITS: readonly MeasurementUnit[] = [
  { code: 'tm', name: 'tihumeeter' },
  { code: 'rm', name: 'ruumimeeter' },
  { code: 'm3', name: 'kuupmeeter' },
  { code: 't', name: 'tonn' },
  { code: 'pcs', name: 'tükk' },
];

/** Product groups: PALK saw and veneer logs, PABER pulpwood, KUTE firewood, HAKE chips and residues. */
export const ASSORTMENTS: readonly Assortment[] = [
  { code: 'MA-PALK', productGroupCode: 'PALK', name: 'Männi palk', measurementUnitCode: 'tm' },
  { code: 'KU-PALK', productGroupCode: 'PALK', name: 'Kuuse palk', measurementUnitCode: 'tm' },
  { code: 'KS-PALK', productGroupCode: 'PALK', name: 'Kase palk', measurementUnitCode: 'tm' },
  { code: 'KS-VINEER', productGroupCode: 'PALK', name: 'Kase vineeripakk', measurementUnitCode: 'tm' },
  { code: 'HB-PALK', productGroupCode: 'PALK', name: 'Haava palk', measurementUnitCode: 'tm' },
  { code: 'MA-PBP', productGroupCode: 'PABER', name: 'Männi paberipuu', measurementUnitCode: 'tm' },
  { code: 'KU-PBP', productGroupCode: 'PABER', name: 'Kuuse paberipuu', measurementUnitCode: 'tm' },
  { code: 'KS-PBP', productGroupCode: 'PABER', name: 'Kase paberipuu', measurementUnitCode: 'tm' },
  { code: 'LP-PBP', productGroupCode: 'PABER', name: 'Lehtpuu paberipuu', measurementUnitCode: 'tm' },
  { code: 'KUTTEPUU', productGroupCode: 'KUTE', name: 'Küttepuu', measurementUnitCode: 'rm' },
  { code: 'HAKKEPUU', productGroupCode: 'HAKE', name: 'Hakkepuit', measurementUnitCode: 'm3' },
  { code: 'RAIEJAAK', productGroupCode: 'HAKE', name: 'Raiejäätmed', measurementUnitCode: 't' },
];

/** Chain-of-custody claims a shipment may carry (`CertificateClaim.code`). */
export const CERTIFICATES: readonly Certificate[] = [
  { code: 'FSC100', name: 'FSC 100%' },
  { code: 'FSCMIX', name: 'FSC Mix' },
  { code: 'FSCRECYCLED', name: 'FSC Recycled' },
  { code: 'FSCCW', name: 'FSC Controlled Wood' },
  { code: 'PEFC', name: 'PEFC certified' },
  { code: 'PEFCCS', name: 'PEFC Controlled Sources' },
];

export const assortmentByCode = new Map(ASSORTMENTS.map((a) => [a.code, a]));
export const unitCodes = new Set(MEASUREMENT_UNITS.map((u) => u.code));
export const certificateCodes = new Set(CERTIFICATES.map((c) => c.code));
