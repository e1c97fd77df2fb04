import type { RsbuildPlugin } from '@rsbuild/core';

import { pageChunkName, ROUTE_TABLE, SIGN_IN_PATH, type RouteEntry } from '../src/app/router/routeTable.ts';
import { TRANSLATION_LOAD_PATH } from '../src/shared/i18n/locales.ts';

/**
 * What index.html's preload script knows: every file a page chunk needs (`files`, referred to by
 * index), each route's pattern, whether it needs a session (1) and its files, in match order.
 */
export interface RoutePreloadManifest {
  readonly files: readonly string[];
  readonly routes: readonly (readonly [pattern: string, signedIn: 0 | 1, files: readonly number[]])[];
  /** Index in `routes` of the sign-in route, where a visitor on a signed-in route ends up. */
  readonly signIn: number;
  /** Where translations are, with `{{lng}}` and `{{ns}}` (shared/i18n). */
  readonly locales: string;
}

// Static patterns first, then those with parameters (fewer first), the catch-all last: React
// Router's ranking for the patterns this app has (tests/jest/routePreload.test.ts holds them to it).
const rank = ({ path }: RouteEntry) => (path === '*' ? 1000 : path.split('/').filter((part) => part.startsWith(':')).length);

/** The manifest for a build: `filesOf` gives the files of a named chunk group (a page's chunk and the chunks it needs). */
export function routePreloadManifest(filesOf: (chunkName: string) => readonly string[], publicPath = '/'): RoutePreloadManifest {
  const files: string[] = [];
  const indexOf = (file: string) => {
    const href = `${publicPath}${file}`;
    const known = files.indexOf(href);
    if (known >= 0) return known;
    files.push(href);
    return files.length - 1;
  };
  const ordered = [...ROUTE_TABLE].sort((a, b) => rank(a) - rank(b));
  const routes = ordered.map(
    (route) =>
      [
        route.path,
        route.access === 'signedIn' ? 1 : 0,
        filesOf(pageChunkName(route.page))
          .filter((file) => /\.(?:js|css)$/.test(file))
          .map(indexOf),
      ] as const,
  );
  const signIn = ordered.findIndex((route) => `/${route.path}` === SIGN_IN_PATH);
  return { files, routes, signIn, locales: TRANSLATION_LOAD_PATH };
}

/**
 * The preload script's code, to run in index.html before the app's code: from the stored session
 * and language (redux-persist's `persist:timberlog`) it adds `<link rel="preload">` for the current
 * route's page files (a visitor on a signed-in route: the sign-in page's, where the app sends them)
 * and for the translations the first screen needs, unless cached (shared/i18n's CachedHttpBackend:
 * `i18n_<lng>-<ns>` of this build, not expired). So they download alongside the app's code, not
 * one after another once it runs. Any failure only means no preloading.
 */
export const PRELOAD_RUNTIME = `(function (manifest, buildId) {
  try {
    var add = function (href, as, low) {
      var link = document.createElement('link');
      link.setAttribute('rel', 'preload');
      link.setAttribute('href', href);
      link.setAttribute('as', as);
      if (as === 'fetch') link.setAttribute('crossorigin', 'anonymous');
      if (low) link.setAttribute('fetchpriority', 'low');
      document.head.appendChild(link);
    };
    var saved = JSON.parse(localStorage.getItem('persist:timberlog') || '{}');
    var prefs = saved.preferences ? JSON.parse(saved.preferences) : {};
    var session = saved.session ? JSON.parse(saved.session) : {};
    var signedIn = Boolean(session && session.accessToken);
    var path = location.pathname.replace(/^\\/+|\\/+$/g, '').toLowerCase();
    var segments = path ? path.split('/') : [];
    var route = null;
    for (var i = 0; i < manifest.routes.length && !route; i += 1) {
      var pattern = manifest.routes[i][0];
      var parts = pattern ? pattern.split('/') : [];
      var matches = pattern === '*' || parts.length === segments.length;
      for (var j = 0; matches && pattern !== '*' && j < parts.length; j += 1) {
        matches = parts[j].charAt(0) === ':' ? segments[j] !== '' : parts[j] === segments[j];
      }
      if (matches) route = manifest.routes[i];
    }
    if (route && route[1] === 1 && !signedIn) route = manifest.routes[manifest.signIn];
    var lng = prefs.locale || 'en';
    var namespaces = signedIn ? ['common', 'app'] : ['common'];
    for (var n = 0; n < namespaces.length; n += 1) {
      var cached = null;
      try {
        cached = JSON.parse(localStorage.getItem('i18n_' + lng + '-' + namespaces[n]) || 'null');
      } catch (e) {}
      if (!cached || cached.version !== buildId || !(cached.expiresAt > Date.now())) {
        add(manifest.locales.replace('{{lng}}', lng).replace('{{ns}}', namespaces[n]), 'fetch', false);
      }
    }
    for (var k = 0; route && k < route[2].length; k += 1) {
      var file = manifest.files[route[2][k]];
      add(file, /\\.css$/.test(file) ? 'style' : 'script', true);
    }
  } catch (e) {}
})`;

/** The whole inline script for a manifest and build. */
export const routePreloadScript = (manifest: RoutePreloadManifest, buildId: string): string =>
  // Indentation dropped: every statement of the runtime ends with a semicolon or a brace.
  `${PRELOAD_RUNTIME.replace(/\n\s*/g, '')}(${JSON.stringify(manifest)}, ${JSON.stringify(buildId)});`;

/**
 * Writes the preload script into index.html, ahead of the app's scripts. Every page of the route
 * table must have its named chunk in the build (routes.tsx's `webpackChunkName`), or the build fails.
 */
export const pluginRoutePreload = ({ buildId }: { readonly buildId: string }): RsbuildPlugin => ({
  name: 'timberlog:route-preload',
  setup(api) {
    api.modifyHTMLTags((tags, { compilation, assetPrefix }) => {
      const filesOf = (chunkName: string) => {
        const group = compilation.namedChunkGroups.get(chunkName);
        if (!group) throw new Error(`route preload: no chunk named ${chunkName} (see src/app/router/routes.tsx)`);
        return group.getFiles();
      };
      const manifest = routePreloadManifest(filesOf, assetPrefix.endsWith('/') ? assetPrefix : `${assetPrefix}/`);
      tags.headTags.unshift({ tag: 'script', children: routePreloadScript(manifest, buildId) });
      return tags;
    });
  },
});
