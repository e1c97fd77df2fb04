/**
 * What clerks type in an import's reference columns: a place, a company or an assortment by its
 * code, or by its name as the reference data writes it (case and surrounding spaces aside). A name
 * is taken only when it is one record's; a name several records share is refused, naming them. The
 * server's waybill import and the mocks' both resolve a row's names with this before its checks.
 */
import type { RuleProblem } from './rules.ts';

/** A record of the reference data as a name finds it. */
export interface CodeAndName {
  readonly code: string;
  readonly name: string;
}

/** The reference data a waybill row's names are looked up in. */
export interface WaybillImportNames {
  /** The warehouses that are origins, by their origin code. */
  readonly origins: readonly CodeAndName[];
  /** The warehouses that are destinations, by their destination code. */
  readonly destinations: readonly CodeAndName[];
  /** The companies, by registry code. */
  readonly companies: readonly CodeAndName[];
  readonly assortments: readonly CodeAndName[];
}

/** Each waybill import column that takes a name as well as a code, and where its names are. */
export const WAYBILL_IMPORT_NAMED_FIELDS = {
  origin: 'origins',
  destination: 'destinations',
  destinationCompany: 'companies',
  ownerCompany: 'companies',
  transporterCompany: 'companies',
  assortment: 'assortments',
} as const satisfies Readonly<Record<string, keyof WaybillImportNames>>;

const nameKey = (text: string) => text.trim().toLocaleLowerCase('et');

/** `value` as a code of `records`, or as the name of exactly one of them; the records of the name when several share it. */
export function byCodeOrName(
  value: string,
  records: readonly CodeAndName[],
): { readonly code: string } | { readonly ambiguous: readonly CodeAndName[] } | null {
  const text = value.trim();
  if (records.some((record) => record.code === text)) return { code: text };
  const key = nameKey(text);
  const named = records.filter((record) => nameKey(record.name) === key);
  if (named.length === 1) return { code: named[0]!.code };
  return named.length > 1 ? { ambiguous: named } : null;
}

/**
 * A waybill row's reference columns with names put as codes. A name several records share is a
 * problem on its field (and the field is left out, so no second problem says it is unknown); a
 * value that is neither code nor name stays as given, for the row's checks to call unknown.
 */
export function resolveWaybillImportNames<F extends object>(fields: F, names: WaybillImportNames): { fields: F; problems: RuleProblem[] } {
  const out = { ...fields } as Record<string, unknown>;
  const problems: RuleProblem[] = [];
  for (const [field, list] of Object.entries(WAYBILL_IMPORT_NAMED_FIELDS)) {
    const value = out[field];
    if (typeof value !== 'string' || value.trim() === '') continue;
    const found = byCodeOrName(value, names[list]);
    if (found && 'code' in found) out[field] = found.code;
    else if (found) {
      problems.push({
        field,
        key: 'import.ambiguousName',
        params: { value: value.trim(), candidates: found.ambiguous.map((record) => `${record.name} (${record.code})`).join(', ') },
      });
      delete out[field];
    }
  }
  return { fields: out as F, problems };
}
