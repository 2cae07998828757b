/**
 * What a page with a refused form says about it beyond the form: its title begins "Error: " (a
 * screen reader hears it first, a tab shows it), and the refusal's summary has an id the page's
 * address can point at, so the reader lands on it. Shared by the server (the plain post's 303),
 * the pages' meta and the form components, so the three always agree.
 */
const PREFIX = "Error: ";

/** The page's title with a refusal shown: "Error: " once, before the page's own. */
export const refusedTitle = (title: string): string =>
  title.startsWith(PREFIX) ? title : `${PREFIX}${title}`;

/**
 * The id of a form's error summary. The form's name alone: it is unique on its page, and the
 * server that answers a plain post knows it (the fields' id prefix is the page's own business).
 */
export const errorSummaryId = (form: string): string => `${form || "form"}-error-summary`;

/**
 * Whether a page is drawn with a refusal: a route's data holds `refused` (the root's, a plain post's
 * refusal brought back by form-flash.server.ts; or a page's own, a GET form refused in its address).
 */
export function drawnRefused(matches: ReadonlyArray<{ loaderData: unknown } | undefined>): boolean {
  return matches.some((match) => {
    const data = match?.loaderData;
    return typeof data === "object" && data !== null && Boolean((data as { refused?: unknown }).refused);
  });
}
