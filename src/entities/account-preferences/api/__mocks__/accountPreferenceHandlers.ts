import { http, HttpResponse, type HttpHandler } from 'msw';
import { LOCALES, THEMES } from '@timberlog/contract';

import { fieldErrors, message, mockCaller, onMockReset } from '@/shared/mock-db';

import type { AccountPreferences, AccountPreferencesPatch } from '../accountPreferencesApi';

/** Each account's language and theme (the server's users.locale and users.theme), not part of its record. */
const kept = new Map<string, AccountPreferences>();
onMockReset(() => kept.clear());
const NONE: AccountPreferences = { locale: null, theme: null };
const CHOICES = { locale: LOCALES, theme: THEMES } as const;

/** What the mocks keep for an account (email as signed in), as a test or story sets it up or reads it. */
export const mockAccountPreferences = {
  get: (email: string): AccountPreferences => kept.get(email) ?? NONE,
  set: (email: string, preferences: AccountPreferences): void => void kept.set(email, preferences),
};

const patch = async (request: Request) => {
  const { email } = mockCaller(request);
  const body = (await request.json()) as AccountPreferencesPatch & Record<string, unknown>;
  const errors: Record<string, string[]> = {};
  for (const [field, choices] of Object.entries(CHOICES)) {
    const value = body[field];
    if (value === undefined || value === null || (choices as readonly unknown[]).includes(value)) continue;
    errors[field] = [
      message(request, 'field.enum', {
        value: (typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 100),
        choices: choices.join(', '),
      }),
    ];
  }
  // A field the call does not know is refused too; the server names it only when nothing else is wrong.
  if (Object.keys(errors).length === 0 && Object.keys(body).some((field) => !(field in CHOICES))) {
    errors.nonFieldErrors = [message(request, 'field.invalid')];
  }
  if (Object.keys(errors).length > 0) return fieldErrors(errors);
  const next = { ...mockAccountPreferences.get(email), ...body };
  kept.set(email, next);
  return HttpResponse.json(next);
};

export const accountPreferenceHandlers: readonly HttpHandler[] = [
  http.get('*/api/user/me/preferences', ({ request }) => HttpResponse.json(mockAccountPreferences.get(mockCaller(request).email))),
  http.patch('*/api/user/me/preferences', ({ request }) => patch(request)),
];
