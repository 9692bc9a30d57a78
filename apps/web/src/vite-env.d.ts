/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the API; empty or unset means the same origin as the web app. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
