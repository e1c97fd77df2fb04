export interface AppConfig {
  /**
   * Backend origin without a trailing slash, e.g. `https://api.example.com`; empty when the API is
   * served by the same origin as the app (`APP_PUBLIC_BACKEND_URL=/`), so calls go to relative URLs
   * and the app works under any host name the server answers on.
   */
  readonly backendUrl: string;
  /** PEM (SPKI) RS256 public key that access tokens are verified against. */
  readonly jwtPublicKey: string;
  readonly sentryDsn: string | null;
  /** Serve the API from the in-browser MSW worker instead of the backend. */
  readonly apiMocking: boolean;
  readonly isProduction: boolean;
  /** Changes on every build; used to drop translations cached by an older build. */
  readonly buildId: string;
}

export type ConfigProblemReason = 'missing' | 'invalid';

export interface ConfigProblem {
  readonly name: string;
  readonly reason: ConfigProblemReason;
}

export type ConfigResult =
  | { readonly ok: true; readonly config: AppConfig }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] };

export type RawEnv = Readonly<Record<string, string | undefined>>;

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Validates raw `APP_PUBLIC_*` values; pure so the rules can be tested without a build. */
export function parseConfig(env: RawEnv): ConfigResult {
  const problems: ConfigProblem[] = [];
  const backendUrl = env.APP_PUBLIC_BACKEND_URL?.trim() ?? '';
  // Settings passed through one-line environment variables often carry the PEM's newlines as `\n`.
  const jwtPublicKey = (env.APP_PUBLIC_JWT_PUBLIC_KEY ?? '').replace(/\\n/g, '\n').trim();
  const sentryDsn = env.APP_PUBLIC_SENTRY_DSN?.trim() ?? '';

  if (!backendUrl) problems.push({ name: 'APP_PUBLIC_BACKEND_URL', reason: 'missing' });
  else if (backendUrl !== '/' && !isHttpUrl(backendUrl)) problems.push({ name: 'APP_PUBLIC_BACKEND_URL', reason: 'invalid' });

  if (!jwtPublicKey) problems.push({ name: 'APP_PUBLIC_JWT_PUBLIC_KEY', reason: 'missing' });
  else if (!/-----BEGIN PUBLIC KEY-----[\s\S]+-----END PUBLIC KEY-----/.test(jwtPublicKey)) {
    problems.push({ name: 'APP_PUBLIC_JWT_PUBLIC_KEY', reason: 'invalid' });
  }

  if (sentryDsn && !isHttpUrl(sentryDsn)) problems.push({ name: 'APP_PUBLIC_SENTRY_DSN', reason: 'invalid' });

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    config: {
      backendUrl: backendUrl.replace(/\/+$/, ''),
      jwtPublicKey,
      sentryDsn: sentryDsn || null,
      apiMocking: env.APP_PUBLIC_API_MOCKING === 'true',
      isProduction: env.MODE === 'production',
      buildId: env.APP_BUILD_ID ?? 'dev',
    },
  };
}

// The only place that reads the build's environment: the values are inlined by the bundler.
export const configResult: ConfigResult = parseConfig({
  APP_PUBLIC_BACKEND_URL: import.meta.env.APP_PUBLIC_BACKEND_URL,
  APP_PUBLIC_JWT_PUBLIC_KEY: import.meta.env.APP_PUBLIC_JWT_PUBLIC_KEY,
  APP_PUBLIC_SENTRY_DSN: import.meta.env.APP_PUBLIC_SENTRY_DSN,
  APP_PUBLIC_API_MOCKING: import.meta.env.APP_PUBLIC_API_MOCKING,
  APP_BUILD_ID: import.meta.env.APP_BUILD_ID,
  MODE: import.meta.env.MODE,
});

/** The validated configuration; throws when it is invalid, so call it only after the app checked `configResult`. */
export function getConfig(): AppConfig {
  if (!configResult.ok) {
    throw new Error(`Invalid configuration: ${configResult.problems.map((p) => `${p.name} (${p.reason})`).join(', ')}`);
  }
  return configResult.config;
}
