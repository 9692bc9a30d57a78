/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API; empty or unset means the same origin as the web app. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The year the app was built (vite.config.ts `define`): the footer's year in pages prerendered by the build. */
declare const __BUILD_YEAR__: number;

/**
 * True in a production build, whose messages were parsed at build time (vite-i18n.ts): a message that is
 * a string there is plain text. Undefined in development and tests, where messages are ICU source.
 */
declare const __I18N_PRECOMPILED__: boolean | undefined;
