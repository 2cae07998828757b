import { createRequestHandler, RouterContextProvider } from "react-router";

/** The site's own request handler: what answers a request for any page. */
export type AppHandler = (request: Request) => Promise<Response>;

let handler: AppHandler | undefined;

/**
 * The framework's handler over the site's own build, for a page rendered on behalf of another
 * (the secretariat's preview renders the page it previews). It is the same server build the
 * adapter's function runs, imported when first needed.
 */
export function appHandler(): AppHandler {
  if (!handler) {
    const handle = createRequestHandler(
      () => import("virtual:react-router/server-build"),
      process.env.NODE_ENV === "development" ? "development" : "production",
    );
    handler = (request) => handle(request, new RouterContextProvider());
  }
  return handler;
}

/** The server tests' handler (tests/support/page-server.ts), which is built without Vite. */
export function useAppHandler(next: AppHandler | undefined): void {
  handler = next;
}
