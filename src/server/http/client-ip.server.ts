import { netlifyRouterContext } from "@netlify/vite-plugin-react-router/serverless";
import type { RouterContextProvider } from "react-router";

/**
 * The visitor's network address in a route's loader or action, from Netlify's request context
 * (the throttles count by it); "unknown" where there is none (a test, the prerender).
 */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  try {
    return context.get(netlifyRouterContext).ip || "unknown";
  } catch {
    // Outside Netlify (and its local emulation) the context reads a global that does not exist.
    return "unknown";
  }
}
