import { escapeHtml } from "../../shared/escape-html.ts";
import { html } from "../http/responses.server.ts";
import { type FormState, fillForm } from "./fill-form.server.ts";

/** A page that does not come within this long is not waited for: the plain fallback answers. */
const PAGE_TIMEOUT_MS = 3000;

/**
 * The answer to a refused plain form post: the form's own page, fetched from this site as the
 * visitor would get it (with their cookies, so the form-token edge function stamps a fresh token
 * and a member's page is not turned away as signed out), filled in by fillForm. Should the page
 * not come, a bare page still lists the problems and links back.
 */
export async function refusalPage(
  request: Request,
  page: string,
  state: FormState,
  status: number,
  secretFields: readonly string[],
  headers: Record<string, string> = {},
): Promise<Response> {
  const filled = await fetchPage(new URL(page, request.url), request.headers.get("cookie"))
    .then((source) => (source ? fillForm(source, state, secretFields) : null))
    .catch(() => null);
  return html(filled ?? barePage(page, state), status, headers);
}

async function fetchPage(url: URL, cookie: string | null): Promise<string | null> {
  const response = await fetch(url, {
    headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) },
    signal: AbortSignal.timeout(PAGE_TIMEOUT_MS),
  });
  return response.ok ? response.text() : null;
}

function barePage(page: string, state: FormState): string {
  const problems = Object.values(state.errors)
    .map((text) => `<li>${escapeHtml(text ?? "")}</li>`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error: ISGPB</title></head><body><main><h1>There is a problem</h1><p>${escapeHtml(state.message)}</p>${problems ? `<ul>${problems}</ul>` : ""}<p><a href="${escapeHtml(page)}">Back to the form</a></p></main></body></html>`;
}
