/**
 * The only script a page's HTML names, and a small one: it holds the app back until the page
 * has painted (deferred-start.ts says why), then starts it: entry-client.tsx hydrates the page.
 */
import { afterFirstPaint, appEntry, preloadModules } from "./deferred-start";

afterFirstPaint(() => {
  preloadModules(document);
  const entry = appEntry(document);
  // A built page names the app's chunk; the dev server's page has no such attribute.
  if (entry) void import(/* @vite-ignore */ entry);
  else if (import.meta.env.DEV) void import("./entry-client");
});
