/// <reference types="vite/client" />

declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Where the phone-sized site lives; the console hands the session to it as a one-time code, `?handoff=`. */
  readonly VITE_MOBILE_SITE_URL?: string;
  /** Privacy policy link shown in the footer. */
  readonly VITE_PRIVACY_URL?: string;
}
