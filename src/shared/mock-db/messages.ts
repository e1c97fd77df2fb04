import { pickLocale, translate, type Locale, type MessageKey, type MessageParams } from '@timberlog/contract';

// The mocks word their answers from the contract's catalogue, as the server does: one text per
// message, and the parity test compares the two sides' error bodies.

export type { MessageKey };
export type Params = MessageParams;

/** A message as the server words it, in `et` or `en` by the request's Accept-Language (quality values respected). */
export const message = (request: Request, key: MessageKey, params: Params = {}): string => translate(requestLocale(request), key, params);

/** The locale the request asks for, as the server picks it. */
export const requestLocale = (request: Request): Locale => pickLocale(request.headers.get('accept-language'));
