/**
 * Faults a test asks for on the control path: each rule matches requests by method and path and
 * applies to the next `times` of them, then disappears.
 */
import type { FieldErrors } from './validation.ts';

export type FaultKind = 'delay' | 'error' | 'validation' | 'drop';
export const FAULT_KINDS: readonly FaultKind[] = ['delay', 'error', 'validation', 'drop'];

export interface FaultRule {
  id: number;
  kind: FaultKind;
  /** An HTTP method; any when absent. */
  method?: string;
  /** The request's path without its query; `*` stands for any characters. Any EVR call when absent. */
  path?: string;
  /** How many matching requests it still applies to. */
  times: number;
  delayMs?: number;
  status?: number;
  errors?: FieldErrors;
  detail?: string;
}

export type FaultInput = Omit<FaultRule, 'id' | 'times'> & { times?: number };

export class Faults {
  private rules: FaultRule[] = [];
  private nextId = 1;

  add(input: FaultInput): FaultRule {
    const rule: FaultRule = { ...input, id: this.nextId++, times: input.times ?? 1 };
    this.rules.push(rule);
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  clear(): void {
    this.rules = [];
  }

  /** The first rule of one of `kinds` that matches, used up by one. */
  take(kinds: readonly FaultKind[], method: string, path: string): FaultRule | undefined {
    const rule = this.rules.find((r) => kinds.includes(r.kind) && matches(r, method, path));
    if (!rule) return undefined;
    rule.times -= 1;
    if (rule.times <= 0) this.rules = this.rules.filter((r) => r !== rule);
    return rule;
  }
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  if (!rule.path) return true;
  const pattern = rule.path
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 'i').test(path);
}
