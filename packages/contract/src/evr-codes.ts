/**
 * EVR's code lists a list filter offers (holding bases, certificate claims): a module of their own,
 * so that a list page reads these few words without the EVR rules (evr.ts), which only forms need.
 */

/** The seven holding bases EVR knows (`holdingBase.type`), by its own names. */
export const HOLDING_BASIS_TYPES = [
  'ForestNotice',
  'WithoutForestNotice',
  'SalesContract',
  'ContractForTransferOfCuttingRights',
  'ForestAct',
  'InventoryAct',
  'ConsolidatedAct',
] as const;
export type HoldingBasisType = (typeof HOLDING_BASIS_TYPES)[number];

/**
 * Chain-of-custody claims a load may carry (EVR's certificate codes); their words are the
 * `value.certificateClaim.*` labels.
 */
export const CERTIFICATE_CLAIMS = ['FSC100', 'FSCMIX', 'FSCRECYCLED', 'FSCCW', 'PEFC', 'PEFCCS'] as const;
export type CertificateClaimCode = (typeof CERTIFICATE_CLAIMS)[number];
