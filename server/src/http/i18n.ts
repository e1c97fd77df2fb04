// The server's translations are the contract's message catalogue (packages/contract/src/messages.ts),
// which the mocks use too; this module only gives it the server's short names.
export { MESSAGES, pickLocale, translate as t } from '@timberlog/contract';
export type { MessageKey } from '@timberlog/contract';
