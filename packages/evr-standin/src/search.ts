/**
 * EVR's free-text search (`text`): words without quotes must all occur, a quoted phrase occurs as
 * written, `OR` between terms gives alternatives, and `-` before a term excludes it.
 */
import type { Waybill } from './store.ts';

interface Term {
  text: string;
  negated: boolean;
}

export function parseSearch(query: string): Term[][] {
  const tokens = [...query.matchAll(/(-?)"([^"]*)"|(\S+)/g)].map((m) =>
    m[2] !== undefined ? { text: m[2], negated: m[1] === '-', quoted: true } : { text: m[3]!, negated: false, quoted: false },
  );
  const groups: Term[][] = [[]];
  for (const token of tokens) {
    if (!token.quoted && token.text === 'OR') {
      groups.push([]);
      continue;
    }
    const negated = token.negated || (!token.quoted && token.text.startsWith('-') && token.text.length > 1);
    const text = (!token.quoted && token.text.startsWith('-') ? token.text.slice(1) : token.text).toLowerCase();
    if (text) groups.at(-1)!.push({ text, negated });
  }
  return groups.filter((group) => group.length > 0);
}

/**
 * The text a waybill is searched by: its words, not its times or numbers, and not `userCustomData`
 * (EVR does not say it indexes a client's own data, so a client must not rely on finding it so).
 */
export function searchableText(waybill: Waybill): string {
  const parts: string[] = [];
  const walk = (value: unknown, key: string) => {
    if (key === 'userCustomData' || key.endsWith('Time') || key === 'waybillLatestMeasurements') return;
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach((entry) => walk(entry, key));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(waybill, '');
  return parts.join('\n').toLowerCase();
}

export function matchesSearch(waybill: Waybill, groups: Term[][]): boolean {
  if (groups.length === 0) return true;
  const haystack = searchableText(waybill);
  return groups.some((group) => group.every((term) => haystack.includes(term.text) !== term.negated));
}
