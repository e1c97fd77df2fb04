import { act, render, waitFor } from '@testing-library/react';
import type { RequestHandler } from 'msw';

import { i18nResources } from '@/app/storybook';
import * as localeSwitcherStories from '@/features/locale/switch/ui/LocaleSwitcher/LocaleSwitcher.stories';
import * as forgotPasswordStories from '@/pages/auth-forgot-password/ui/ForgotPasswordPage/ForgotPasswordPage.stories';
import * as loginStories from '@/pages/auth-login/ui/LoginPage/LoginPage.stories';
import * as resetPasswordStories from '@/pages/auth-reset-password/ui/ResetPasswordPage/ResetPasswordPage.stories';
import * as signUpStories from '@/pages/auth-signup/ui/SignUpPage/SignUpPage.stories';
import { i18n, SIGNED_IN_NAMESPACE, SUPPORTED_LOCALES } from '@/shared/i18n';
import * as topBarStories from '@/widgets/top-bar/ui/TopBar/TopBar.stories';

import { server } from './server';
import { composeStories, type composeStory } from './stories';

// A visitor's pages load only common.json (shared/i18n): every text they show must be in it. Each
// of their stories renders here without the signed-in texts (app.json) and plays; a text missing
// from common.json would show as its key.
const visitorStories: Record<string, Parameters<typeof composeStories>[0]> = {
  'pages/auth-login': loginStories,
  'pages/auth-signup': signUpStories,
  'pages/auth-forgot-password': forgotPasswordStories,
  'pages/auth-reset-password': resetPasswordStories,
  'widgets/top-bar': topBarStories,
  'features/locale': localeSwitcherStories,
};

/** Stories of a visitor's pages that show a signed-in user (the top bar's), which loads app.json. */
const SIGNED_IN_STORIES = new Set(['widgets/top-bar:SignedIn', 'widgets/top-bar:Staff', 'widgets/top-bar:Dark']);

type Tree = { readonly [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`)));

const signedInBundles = Object.fromEntries(SUPPORTED_LOCALES.map((lng) => [lng, i18nResources[lng]?.[SIGNED_IN_NAMESPACE] as Tree]));
const signedInKeys = flatten(signedInBundles.en ?? {});

type MswParameter = { handlers?: RequestHandler[] | Record<string, RequestHandler | RequestHandler[]> } | RequestHandler[] | undefined;
const handlersOf = (parameter: MswParameter): RequestHandler[] => {
  if (!parameter) return [];
  if (Array.isArray(parameter)) return parameter;
  const { handlers } = parameter;
  if (!handlers) return [];
  return (Array.isArray(handlers) ? handlers : Object.values(handlers)).flat();
};

beforeAll(() => {
  for (const lng of SUPPORTED_LOCALES) i18n.removeResourceBundle(lng, SIGNED_IN_NAMESPACE);
});
afterAll(() => {
  for (const lng of SUPPORTED_LOCALES) i18n.addResourceBundle(lng, SIGNED_IN_NAMESPACE, signedInBundles[lng], true, true);
});

const cases = Object.entries(visitorStories).flatMap(([file, module]) =>
  Object.entries<ReturnType<typeof composeStory>>(composeStories(module))
    .filter(([name]) => !SIGNED_IN_STORIES.has(`${file}:${name}`))
    .map(([name, Story]) => [`${file}: ${name}`, Story] as const),
);

describe("a visitor's pages need only common.json", () => {
  it('has the signed-in texts to miss', () => {
    expect(signedInKeys.length).toBeGreaterThan(100);
  });

  it.each(cases)('%s shows no text from app.json', async (_name, Story) => {
    const handlers = handlersOf(Story.parameters.msw as MswParameter);
    if (handlers.length > 0) server.use(...handlers);
    render(<Story />);
    if (Story.play) await Story.play({ canvasElement: document.body.firstElementChild as HTMLElement });
    await act(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
    await waitFor(() => expect(document.body.innerHTML).not.toBe(''));
    const html = document.body.innerHTML;
    expect(signedInKeys.filter((key) => html.includes(key))).toEqual([]);
  });
});
