import { createContext, type ReactNode, use, useLayoutEffect, useSyncExternalStore } from "react";
import { type EntryContext, Links } from "react-router";
import { pageStylesheets } from "./page-stylesheets.ts";

type Inline = { stylesheets: readonly { href: string; css: string }[]; nonce: string | undefined };

/** The page's stylesheets with their text, on the server of a build; null elsewhere. */
const InlineContext = createContext<Inline | null>(null);

/**
 * On the server: the text of each stylesheet `<Links />` would link for the page, from the build
 * (`texts`, scripts/build/built-stylesheets.ts), for `<PageStylesheets />` in the head. Without a
 * build's texts (`npm start`, the tests) there is nothing, and the page links its stylesheets.
 * `nonce`: the request's, which React asks of every style it writes, on a page rendered for it.
 *
 * It wraps the server's router rather than standing beside it: a sibling would change the path
 * React draws `useId`'s ids from, so the ids the server wrote would not be the ones the browser's
 * router (alone at the root) gives the same elements when it hydrates.
 */
export function InlineStylesheets({
  context,
  texts,
  nonce,
  children,
}: {
  context: EntryContext;
  texts: Readonly<Record<string, string>>;
  nonce?: string | undefined;
  children: ReactNode;
}) {
  const built = Object.keys(texts).length > 0;
  const stylesheets = (built ? pageStylesheets(context) : []).map((href) => {
    // The framework marks the stylesheet of a module imported later with a "#" of its own.
    const css = texts[new URL(href, "http://site").pathname];
    if (css === undefined) throw new Error(`The build has no stylesheet at ${href}`);
    return { href, css };
  });
  const inline = built ? { stylesheets, nonce } : null;
  return <InlineContext value={inline}>{children}</InlineContext>;
}

/**
 * The page's stylesheets, in the head (decision 0045). A built page carries them in `<style>`
 * elements, which React writes at the top of the head, so the first paint waits for the page alone
 * and not for files that share a slow link with the page's scripts. Once the page has hydrated,
 * `<Links />` links them as files, as under `npm start` from the start: the framework finds them in
 * the document, as it expects, and fetches only what the next page adds before it shows that page.
 *
 * The `<style>` elements are React's stylesheet resources (`href` and `precedence`): the browser's
 * React leaves them in the head, so it needs neither their text nor a place for them in the tree it
 * hydrates. Once the links are in, the served styles move after them, so a file that arrives alone
 * changes nothing while they are there (they hold every rule, later in the cascade); once every
 * file has arrived, they go (`retireServedStyles`).
 */
export function PageStylesheets() {
  const inline = use(InlineContext);
  const hydrated = useSyncExternalStore(noChange, isBrowser, isServer);
  // Before the browser paints or loads anything of the links just added.
  useLayoutEffect(() => {
    if (hydrated) retireServedStyles();
  }, [hydrated]);
  if (inline)
    return inline.stylesheets.map(({ href, css }) => (
      <style key={href} href={href} precedence={SERVED} nonce={inline.nonce}>
        {css}
      </style>
    ));
  return import.meta.env.DEV || hydrated ? <Links /> : null;
}

const SERVED = "page";

// React renders with the server's answer while it hydrates, then again with the browser's.
const noChange = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/**
 * Puts the styles the page was served with after the stylesheets `<Links />` has just linked, and
 * takes them out once every one of those has loaded. A link that fails leaves them in place.
 */
function retireServedStyles() {
  const served = [...document.head.querySelectorAll(`style[data-precedence="${SERVED}"]`)];
  if (served.length === 0) return;
  document.head.append(...served);
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
  void Promise.all(links.map(loaded)).then((all) => {
    if (all.every(Boolean)) for (const style of served) style.remove();
  });
}

const loaded = (link: HTMLLinkElement) =>
  link.sheet
    ? Promise.resolve(true)
    : new Promise<boolean>((resolve) => {
        link.addEventListener("load", () => resolve(true), { once: true });
        link.addEventListener("error", () => resolve(false), { once: true });
      });
