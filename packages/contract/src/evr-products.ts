/**
 * EVR's product groups, in a module of their own: the admin panel and the server read them, and the
 * list pages (which load evr-codes.ts) do not carry them.
 */
/** EVR's product groups of an assortment (its `productGroup`): saw logs, pulpwood, firewood, chips and residues. */
export const EVR_PRODUCT_GROUPS = ['PALK', 'PABER', 'KUTE', 'HAKE'] as const;
export type EvrProductGroup = (typeof EVR_PRODUCT_GROUPS)[number];

/**
 * The product group a type's name suggests (English or Estonian): what an assortment type gets when
 * none is chosen, and what types made before the field got (migration 045).
 */
export function productGroupOfName(name: string): EvrProductGroup {
  const lower = name.toLowerCase();
  if (/pulp|paber/.test(lower)) return 'PABER';
  if (/fire|küte|kütte|energy/.test(lower)) return 'KUTE';
  if (/chip|hake|hakke|residue/.test(lower)) return 'HAKE';
  return 'PALK';
}
