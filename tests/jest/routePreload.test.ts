import type { Services } from 'i18next';
import { http, HttpResponse } from 'msw';
import { matchRoutes, type RouteObject } from 'react-router-dom';

import { pageChunkName, ROUTE_TABLE, SIGN_IN_PATH, type PageName, type RouteEntry } from '@/app/router/routeTable';
import { TRANSLATION_CACHE_MS, TRANSLATION_LOAD_PATH } from '@/shared/i18n';
import { CachedHttpBackend } from '@/shared/i18n/cachedHttpBackend';

import { routePreloadManifest, routePreloadScript } from '../../build/routePreload';

import { server } from './server';

// index.html's preload script matches the address against the route table without React Router:
// here it must pick the page React Router renders (routes.tsx builds its routes from the same table),
// or the sign-in page for a visitor on a signed-in route, as RequireAuth does.
const manifest = routePreloadManifest((chunk) => [`static/js/${chunk}.js`, `static/css/${chunk}.css`, 'static/js/shared.js']);
const BUILD = 'build-1';

const routeId = (route: RouteEntry) => `${route.page}@${route.path}`;
const byId = new Map(ROUTE_TABLE.map((route) => [routeId(route), route]));
const appRoutes: RouteObject[] = [
  {
    children: [
      ...ROUTE_TABLE.filter((route) => route.access === 'visitor').map((route) => ({ id: routeId(route), path: route.path })),
      {
        children: ROUTE_TABLE.filter((route) => route.access === 'signedIn').map((route) =>
          route.path === '' ? { id: routeId(route), index: true } : { id: routeId(route), path: route.path },
        ),
      },
    ],
  },
];

/** The page the app shows at `path`: React Router's match, or sign-in for a visitor on a signed-in route. */
const pageShown = (path: string, signedIn: boolean): PageName => {
  const leaf = matchRoutes(appRoutes, path)?.at(-1)?.route.id;
  const route = leaf ? byId.get(leaf) : undefined;
  if (!route) throw new Error(`no route for ${path}`);
  if (route.access === 'signedIn' && !signedIn) return ROUTE_TABLE.find((entry) => `/${entry.path}` === SIGN_IN_PATH)?.page ?? route.page;
  return route.page;
};

const store = (signedIn: boolean, locale = 'en') =>
  localStorage.setItem(
    'persist:timberlog',
    JSON.stringify({
      session: JSON.stringify({
        accessToken: signedIn ? 'access' : null,
        refreshToken: null,
        sessionExpired: false,
        sessionInitialized: true,
      }),
      preferences: JSON.stringify({ locale, theme: null }),
    }),
  );

/** Runs the script as index.html would at `path`; returns the preloads it added. */
const preloadsAt = (path: string) => {
  window.history.replaceState(null, '', path);
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  // The inline script's own text, run as the page runs it.
  const script = document.createElement('script');
  script.textContent = routePreloadScript(manifest, BUILD);
  document.head.appendChild(script);
  script.remove();
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => ({
    href: link.getAttribute('href') ?? '',
    as: link.getAttribute('as'),
    crossOrigin: link.getAttribute('crossorigin'),
  }));
};
const pagePreloaded = (path: string) =>
  preloadsAt(path)
    .filter((link) => link.as === 'script' && link.href.includes('/page-'))
    .map((link) => /page-([\w-]+)\.js$/.exec(link.href)?.[1]);

const samplePath = (pattern: string) =>
  `/${pattern
    .replace(/:number/g, 'W-2026-000012')
    .replace(/:email/g, 'mari%40example.com')
    .replace(/:resource/g, 'companies')
    .replace('*', 'nowhere/at/all')}`;

const PATHS = [
  ...ROUTE_TABLE.map((route) => samplePath(route.path)),
  '/',
  '/WAYBILLS',
  '/waybills/',
  '/waybills/12/edit/',
  '/waybills/new/edit',
  '/users/new',
  '/auth/login/extra',
  '/auth',
  '/nowhere',
];

describe('index.html preload script', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it.each(PATHS)('preloads the page React Router shows at %s, for a visitor and for a signed-in user', (path) => {
    store(false);
    expect(pagePreloaded(path)).toEqual([pageShown(path, false)]);
    store(true);
    expect(pagePreloaded(path)).toEqual([pageShown(path, true)]);
  });

  it("preloads each of the page chunk group's files once: scripts and styles", () => {
    store(false);
    const links = preloadsAt('/auth/login').filter((link) => link.as !== 'fetch');
    expect(links).toEqual([
      { href: `/static/js/${pageChunkName('auth-login')}.js`, as: 'script', crossOrigin: null },
      { href: `/static/css/${pageChunkName('auth-login')}.css`, as: 'style', crossOrigin: null },
      { href: '/static/js/shared.js', as: 'script', crossOrigin: null },
    ]);
  });

  it('preloads the translations the first screen needs in the stored language, as fetch() asks for them', () => {
    store(false, 'et');
    expect(preloadsAt('/auth/login').filter((link) => link.as === 'fetch')).toEqual([
      { href: '/locales/et/common.json', as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    store(true, 'et');
    expect(
      preloadsAt('/waybills')
        .filter((link) => link.as === 'fetch')
        .map((link) => link.href),
    ).toEqual(['/locales/et/common.json', '/locales/et/app.json']);
    localStorage.removeItem('persist:timberlog');
    expect(
      preloadsAt('/')
        .filter((link) => link.as === 'fetch')
        .map((link) => link.href),
    ).toEqual(['/locales/en/common.json']);
  });

  it('does not preload translations this build has cached and not yet expired (shared/i18n)', () => {
    store(false);
    const cache = (version: string, expiresAt: number) =>
      localStorage.setItem('i18n_en-common', JSON.stringify({ version, expiresAt, data: {} }));
    cache(BUILD, Date.now() + TRANSLATION_CACHE_MS);
    expect(preloadsAt('/auth/login').filter((link) => link.as === 'fetch')).toEqual([]);
    cache('older-build', Date.now() + TRANSLATION_CACHE_MS);
    expect(preloadsAt('/auth/login').filter((link) => link.as === 'fetch')).toHaveLength(1);
    cache(BUILD, Date.now() - 1);
    expect(preloadsAt('/auth/login').filter((link) => link.as === 'fetch')).toHaveLength(1);
  });

  it("knows the app's own translation cache: nothing to preload once the app has cached them", async () => {
    server.use(http.get('*/locales/:lng/:ns.json', () => HttpResponse.json({ app: { name: 'Timberlog' } })));
    const backend = new CachedHttpBackend();
    backend.init(
      {} as Services,
      { loadPath: `${window.location.origin}${TRANSLATION_LOAD_PATH}`, expirationTime: TRANSLATION_CACHE_MS, version: BUILD },
      {},
    );
    await new Promise((done) => backend.read('en', 'common', done));
    store(false);
    expect(preloadsAt('/auth/login').filter((link) => link.as === 'fetch')).toEqual([]);
  });

  it('preloads nothing, and fails nothing, when the stored state is unreadable', () => {
    localStorage.setItem('persist:timberlog', '{not json');
    expect(preloadsAt('/waybills')).toEqual([]);
  });
});
