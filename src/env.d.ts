/// <reference types="@rsbuild/core/types" />

interface ImportMetaEnv {
  readonly APP_PUBLIC_BACKEND_URL: string;
  readonly APP_PUBLIC_JWT_PUBLIC_KEY: string;
  readonly APP_PUBLIC_SENTRY_DSN: string;
  readonly APP_PUBLIC_API_MOCKING: string;
  readonly APP_BUILD_ID: string;
}

declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
