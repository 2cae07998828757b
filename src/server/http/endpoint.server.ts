import type { Context } from "@netlify/functions";
import { methodNotAllowed, secured, unavailable } from "./responses.server.ts";

export type Handler = (request: Request, context: Context) => Response | Promise<Response>;
type Method = "GET" | "POST";

/**
 * Every function's one entry: the method policy and what no answer may lack.
 * - A method the path does not serve: 405 with `Allow`. `HEAD` is served wherever `GET` is, as
 *   `GET` without its body (unknown paths are the api-not-found function's 404).
 * - Every answer, redirects and errors included, carries the security headers.
 * - A failure nothing else caught (storage down, a bug) is logged here and answered with a plain
 *   JSON 503 and `Retry-After`: never the platform's crash page, a stack trace or a file path.
 */
export function endpoint(handlers: Partial<Record<Method, Handler>>) {
  const allowed = Object.keys(handlers).flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method]));
  return async (request: Request, context: Context = NO_CONTEXT): Promise<Response> => {
    const head = request.method === "HEAD";
    const handler = head ? handlers.GET : handlers[request.method as Method];
    if (!handler) return methodNotAllowed(allowed);
    let response: Response;
    try {
      response = secured(await handler(request, context));
    } catch (error) {
      logFailure(request, error);
      response = unavailable();
    }
    return head ? new Response(null, { status: response.status, headers: response.headers }) : response;
  };
}

/** What a test or a local call without Netlify's context sees: no IP, no route parameters. */
const NO_CONTEXT = { ip: "", params: {}, requestId: "" } as unknown as Context;

/** One line for the function's log: what failed, without the visitor's data. */
export function logFailure(request: Request, error: unknown) {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`${request.method} ${new URL(request.url).pathname} failed: ${what}`);
}
