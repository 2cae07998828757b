import type { Context } from "@netlify/functions";

/** The part of Netlify's function context our functions read. */
export function functionContext(params: Record<string, string> = {}, ip = "203.0.113.7"): Context {
  return { params, ip, requestId: "test-request" } as unknown as Context;
}
