/**
 * What the record rules shared by the server and the mocks (waybill-rules.ts, worklog-rules.ts)
 * have in common: a lookup of reference data answers at once (the mocks' data) or later (the
 * server's SQL), and a broken rule is answered on its field with a message.
 */
import type { MessageKey, MessageParams } from './messages.ts';

/** A lookup's answer: at once, or once the database has answered. */
export type Lookup<T> = T | Promise<T>;

/** A rule a change breaks: the field it is answered on, its message and the message's values. */
export interface RuleProblem {
  readonly field: string;
  readonly key: MessageKey;
  readonly params?: MessageParams;
}
