/**
 * Requests as a browser or a script sends them to the site, for the framework's handler
 * (pageServer in page-server.ts) and the JSON functions alike, and what a browser does next.
 */

export const ORIGIN = "https://isgpb.example";

/** A form's fields; a name may be sent more than once (ticked boxes, a multiple choice). */
export type Fields = Record<string, string | readonly string[]>;

const encoded = (fields: Fields | URLSearchParams) => {
  if (fields instanceof URLSearchParams) return fields.toString();
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of [value].flat()) form.append(name, one);
  return form.toString();
};

/** A same-origin request as a browser page would send it, with a session cookie if given. */
export function pageRequest(path: string, cookie?: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (cookie) headers.set("cookie", cookie);
  if (!headers.has("accept")) headers.set("accept", "text/html");
  if (init.method === "POST" && !headers.has("sec-fetch-site")) headers.set("sec-fetch-site", "same-origin");
  return new Request(`${ORIGIN}${path}`, { ...init, headers });
}

/**
 * A plain form post (no JavaScript) of these fields: the browser will show whatever comes back as
 * the page (Sec-Fetch-Dest: document), so a refusal is sent back to its page to be shown there.
 */
export const formPostRequest = (
  path: string,
  fields: Fields | URLSearchParams,
  cookie?: string,
  headers: HeadersInit = {},
) =>
  pageRequest(path, cookie, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "text/html",
      "sec-fetch-dest": "document",
      "sec-fetch-mode": "navigate",
      ...Object.fromEntries(new Headers(headers)),
    },
    body: encoded(fields),
  });

/**
 * The same form posted by the page's script (its fetcher): to the route's data address
 * (`/login.data?next=…` for `/login?next=…`), answered with the action's data (readData).
 */
export function scriptPostRequest(
  path: string,
  fields: Fields | URLSearchParams,
  cookie?: string,
  headers: HeadersInit = {},
) {
  const url = new URL(path, ORIGIN);
  url.pathname = url.pathname.endsWith("/") ? `${url.pathname}_.data` : `${url.pathname}.data`;
  return pageRequest(`${url.pathname}${url.search}`, cookie, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "*/*",
      "sec-fetch-dest": "empty",
      "sec-fetch-mode": "cors",
      ...Object.fromEntries(new Headers(headers)),
    },
    body: encoded(fields),
  });
}

/**
 * The cookies a response sets, as the browser sends them back (`name=value; …`), for the next
 * request. A cookie being cleared is sent back empty, which no server reads as one.
 */
export const cookieSet = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .join("; ");

/**
 * A plain post and what the browser does next: a refusal is answered with a redirect back to the
 * page (Post/Redirect/Get), which is then asked for with the cookie that names the refusal.
 */
export async function postAndFollow(
  pages: (request: Request) => Promise<Response>,
  path: string,
  fields: Fields,
  cookie = "",
): Promise<{ post: Response; page: Response }> {
  const post = await pages(formPostRequest(path, fields, cookie || undefined));
  const location = post.headers.get("location");
  if (post.status !== 303 || !location) return { post, page: post };
  const flash = cookieSet(post);
  const page = await pages(pageRequest(location, [cookie, flash].filter(Boolean).join("; ") || undefined));
  return { post, page };
}

/** A script's JSON post of these fields. */
export const jsonPostRequest = (path: string, fields: Record<string, unknown>, cookie?: string) =>
  pageRequest(path, cookie, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(fields),
  });

/** A script's GET. */
export const jsonGetRequest = (path: string, cookie?: string) =>
  pageRequest(path, cookie, { headers: { accept: "application/json" } });
