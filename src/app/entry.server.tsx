/**
 * The framework's server entry (React Router's default, with six changes of ours): the page's
 * inline scripts carry the request's nonce (src/server/http/page-headers.server.ts); every page
 * is rendered whole before it is sent (onAllReady, the default's choice for crawlers), because a
 * part streamed after the shell is revealed by a script, and a reader without JavaScript must get
 * every part (the loaders have all answered before rendering starts, so there is nothing to
 * stream early but a code-split part such as the sign-up confirmation); a prerendered page is
 * drawn at the address readers have; a HEAD is answered with a GET's headers (its Content-Type
 * too) and no body; the page's stylesheets come in its head (decision 0045); and the framework's
 * own 405 for a method no route takes carries the security headers and is not logged as an error.
 */
import { PassThrough } from "node:stream";
import builtStylesheets from "virtual:built-stylesheets";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { addAnswerHeaders, nonceContext } from "#server/http/page-headers.server.ts";
import { isPrerendering } from "#server/prerendering.server.ts";
import { InlineStylesheets } from "./inline-stylesheets.tsx";

export const streamTimeout = 5_000;

/** The methods the framework's router answers; it refuses any other (OPTIONS, TRACE) with 405. */
const ROUTER_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);

/**
 * What the framework reports of a failed request: as its default does (nothing for a request the
 * client gave up), but not its refusal of a method no route takes. That is a client's mistake,
 * answered 405, and a probe's OPTIONS would otherwise be logged as the server's error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || !ROUTER_METHODS.has(request.method.toUpperCase())) return;
  // The framework wraps an error of its own in a route error response; the default logs the inner one.
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(inner ?? error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Every page is HTML: said to a HEAD as to a GET, which is answered below with the same headers.
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const nonce = loadContext.get(nonceContext) ?? undefined;
  const prerendering = isPrerendering();
  // No nonce outside the prerender: the root's middleware, which sets the headers, did not run.
  // The framework answers a method no route takes (OPTIONS: 405) before any middleware, with this
  // page; it still gets the security headers, and a policy that lets no inline script run.
  if (!nonce && !prerendering) addAnswerHeaders(responseHeaders, null);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The build asks for /about-us/ to write /about-us/index.html, but the page's address is
  // /about-us, as readers (and the browser, hydrating) have it: everything drawn from the location
  // (the canonical link, the current page in the menus) is drawn from that.
  const location = routerContext.staticHandlerContext.location;
  if (prerendering && location.pathname.length > 1 && location.pathname.endsWith("/"))
    routerContext.staticHandlerContext.location = { ...location, pathname: location.pathname.slice(0, -1) };

  return new Promise<Response>((resolve, reject) => {
    let allRendered = false;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const ready = () => {
      allRendered = true;
      const body = new PassThrough({
        final(callback) {
          clearTimeout(timeout);
          callback();
        },
      });
      pipe(body);
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
    };
    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesheets context={routerContext} texts={builtStylesheets} nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheets>,
      {
        // The page's inline styles carry the nonce too (a prerendered page's are allowed by hash).
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        onAllReady: ready,
        // Else React sends a part past its first 12,800 bytes hidden, for a script to reveal.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error before the page is whole is reported by the framework itself.
          if (allRendered) console.error(error);
        },
      },
    );
  });
}
