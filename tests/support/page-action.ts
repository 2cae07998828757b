import { type ActionFunction, type ActionFunctionArgs, RouterContextProvider } from "react-router";

/** What a route action answered, read the same whether it redirected or returned data. */
export type ActionAnswer = {
  status: number;
  location: string | null;
  headers: Headers;
  data: unknown;
};

type PostOptions = {
  /** A browser's plain form post (no script): it shows whatever comes back as the page. */
  plain?: boolean;
  cookie?: string;
  /** A browser posting from another site. */
  from?: string;
  params?: Record<string, string>;
  body?: string;
  type?: string;
};

/**
 * Posts `fields` to a page's route action as a browser would: form-urlencoded, from the site
 * itself, either as the page's script does it (the default) or as a plain post without JavaScript.
 */
export async function postToPage(
  action: ActionFunction,
  url: string,
  fields: Record<string, string | string[]> = {},
  { plain = false, cookie, from, params = {}, body, type = "application/x-www-form-urlencoded" }: PostOptions = {},
): Promise<ActionAnswer> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  const headers: Record<string, string> = {
    "content-type": type,
    "sec-fetch-site": from ? "cross-site" : "same-origin",
    ...(plain ? { "sec-fetch-dest": "document", "sec-fetch-mode": "navigate" } : { "sec-fetch-dest": "empty" }),
    ...(from ? { origin: from } : {}),
    ...(cookie ? { cookie } : {}),
  };
  const request = new Request(new URL(url, "http://localhost"), { method: "POST", body: body ?? form, headers });
  return callAction(action, request, params);
}

/** Runs a route action on a request as the framework would, and reads its answer. */
export async function callAction(
  action: ActionFunction,
  request: Request,
  params: Record<string, string> = {},
): Promise<ActionAnswer> {
  const answer = await action({ request, params, context: new RouterContextProvider() } as ActionFunctionArgs);
  if (answer instanceof Response)
    return {
      status: answer.status,
      location: answer.headers.get("location"),
      headers: answer.headers,
      data: answer.headers.get("content-type")?.includes("json") ? await answer.json() : null,
    };
  const init = (answer as { init?: ResponseInit | null; data?: unknown; type?: string }) ?? {};
  if (init.type === "DataWithResponseInit")
    return {
      status: init.init?.status ?? 200,
      location: null,
      headers: new Headers(init.init?.headers),
      data: init.data,
    };
  return { status: 200, location: null, headers: new Headers(), data: answer };
}
