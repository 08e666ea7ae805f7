/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base URL the cockpit id is appended to, for the admin variant's open-in-cockpit button. */
  readonly VITE_COCKPIT_URL?: string;
}
