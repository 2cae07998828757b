/**
 * What a page's server code reads from Netlify's request context: the visitor's address and the
 * platform's `waitUntil`, and nothing (no throw) where there is no Netlify.
 */
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { clientIp, keepAliveOf } from "./netlify-context.server.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("Netlify's request context", () => {
  it("gives the visitor's address and hands later work to waitUntil", () => {
    const waitUntil = vi.fn();
    vi.stubGlobal("Netlify", { context: { ip: "203.0.113.7", waitUntil } });
    const context = new RouterContextProvider();
    expect(clientIp(context)).toBe("203.0.113.7");
    const work = Promise.resolve();
    keepAliveOf(context)?.(work);
    expect(waitUntil).toHaveBeenCalledWith(work);
  });

  it("is absent outside Netlify: no address, nothing to hand later work to", () => {
    const context = new RouterContextProvider();
    expect(clientIp(context)).toBe("unknown");
    expect(keepAliveOf(context)).toBeUndefined();
  });
});
