/// <reference types="vite/client" />

/** The year the site was built, replaced at build time (see vite.config.ts). */
declare const BUILD_YEAR: number;

/** The browser build's stylesheets by address, in the server's build only (scripts/build/built-stylesheets.ts). */
declare module "virtual:built-stylesheets" {
  const texts: Readonly<Record<string, string>>;
  export default texts;
}
