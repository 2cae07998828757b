import type { Context } from "@netlify/functions";
import { methodNotAllowed, secured, unavailable } from "./responses.server.ts";

export type Handler = (request: Request, context: Context) => Response | Promise<Response>;
export type Method = "GET" | "POST";

type Options = { content?: boolean };

/**
 * Every function's one entry: the method policy and what no answer may lack.
 * - A method the path does not serve: 405 with `Allow`. `HEAD` is served wherever `GET` is, as
 *   `GET` without its body (unknown paths are the api-not-found function's 404).
 * - Every answer, redirects and errors included, carries the security headers.
 * - A failure nothing else caught (storage down, a bug) is logged here and answered with a plain
 *   JSON 503 and `Retry-After`: never the platform's crash page, a stack trace or a file path.
 * - With `content: true`, the handler runs with one snapshot of the site's content (fees, bank
 *   details, the society's facts: src/server/content/page-content.server.ts), read before it starts;
 *   a function whose code reads the content must say so (tests/architecture/content-scope.test.ts).
 */
export function endpoint(handlers: Partial<Record<Method, Handler>>, { content = false }: Options = {}) {
  const methods = Object.keys(handlers) as Method[];
  return async (request: Request, context: Context = NO_CONTEXT): Promise<Response> => {
    const head = request.method === "HEAD";
    const method = (head ? "GET" : request.method) as Method;
    const handler = methods.includes(method) ? handlers[method] : undefined;
    if (!handler)
      return methodNotAllowed(methods.flatMap((one) => (one === "GET" ? ["GET", "HEAD"] : [one])));
    let response: Response;
    try {
      response = secured(
        await (content
          ? withSiteContent(() => handler(request, context), context)
          : handler(request, context)),
      );
    } catch (error) {
      logFailure(request, error);
      response = unavailable();
    }
    return head ? new Response(null, { status: response.status, headers: response.headers }) : response;
  };
}

/** Runs `work` with the content's snapshot; the content's module is loaded only by functions that read it. */
async function withSiteContent(
  work: () => Response | Promise<Response>,
  context: Context,
): Promise<Response> {
  const { withContent } = await import("../content/page-content.server.ts");
  // `waitUntil` is absent where no platform calls the function (a test, a local call).
  return withContent(async () => work(), context.waitUntil?.bind(context));
}

/** What a test or a local call without Netlify's context sees: no IP, no route parameters. */
const NO_CONTEXT = { ip: "", params: {}, requestId: "" } as unknown as Context;

/** One line for the function's log: what failed, without the visitor's data. */
export function logFailure(request: Request, error: unknown) {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`${request.method} ${new URL(request.url).pathname} failed: ${what}`);
}
