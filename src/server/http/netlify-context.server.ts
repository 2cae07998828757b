import type { Context } from "@netlify/functions";
import { netlifyRouterContext } from "@netlify/vite-plugin-react-router/serverless";
import type { RouterContextProvider } from "react-router";

/** Hands the platform work that may finish after the answer has gone (Netlify's `waitUntil`). */
export type KeepAlive = (work: Promise<unknown>) => void;

/**
 * `read` applied to Netlify's request context; undefined outside Netlify and its local emulation
 * (a test, the prerender), where the context reads a global that does not exist and throws.
 */
function fromNetlify<T>(
  context: Readonly<RouterContextProvider>,
  read: (netlify: Partial<Context>) => T,
): T | undefined {
  try {
    return read(context.get(netlifyRouterContext));
  } catch {
    return undefined;
  }
}

/** The visitor's network address in a route's loader or action (the throttles count by it). */
export function clientIp(context: Readonly<RouterContextProvider>): string {
  return fromNetlify(context, (netlify) => netlify.ip) || "unknown";
}

/**
 * Netlify's `waitUntil` for this request: without it, a function is frozen once it has answered,
 * and work it started for later requests waits, half done, for the next one.
 */
export function keepAliveOf(context: Readonly<RouterContextProvider>): KeepAlive | undefined {
  return fromNetlify(context, (netlify) => netlify.waitUntil?.bind(netlify));
}
