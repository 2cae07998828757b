import type { Context } from "@netlify/edge-functions";
import { afterEach, describe, expect, it, vi } from "vitest";
import stampFormToken from "../../netlify/edge-functions/form-token.ts";
import formToken from "../../netlify/functions/form-token.ts";
import { DEVELOPMENT_SECRET } from "../../src/server/signed-token.server.ts";
import { screenSubmission } from "../../src/server/spam/form-guard.server.ts";

import { allowConsole } from "../support/console.ts";

// These tests run as a fresh clone does, on the development secret, which warns once.
allowConsole("warn", /^SIGNING_SECRET is unset: tokens are signed with the development secret$/);

afterEach(() => vi.unstubAllGlobals());

const later = () => new Date(Date.now() + 5000);

describe("GET /api/form-token", () => {
  it("hands out a fresh, uncached token the contact function accepts a few seconds later", async () => {
    const response = await formToken(new Request("http://localhost/api/form-token"));
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { token } = await response.json();
    await expect(screenSubmission({ form_token: token }, DEVELOPMENT_SECRET, later())).resolves.toMatchObject(
      { suspicion: null },
    );
  });

  it("answers 405 to a POST", async () => {
    const response = await formToken(new Request("http://localhost/api/form-token", { method: "POST" }));
    expect(response.status).toBe(405);
  });
});

describe("form-token edge function", () => {
  const page = `<form><input type="hidden" name="form_token"/><input name="email"/></form>`;
  const run = (upstream: Response) => {
    vi.stubGlobal("Netlify", { env: { get: () => undefined } });
    return stampFormToken(new Request("https://www.isgpb.org/contact-us"), {
      next: async () => upstream,
    } as unknown as Context);
  };

  it("stamps a valid token into the page and keeps it out of shared caches", async () => {
    const upstream = new Response(page, {
      headers: { "content-type": "text/html; charset=utf-8", etag: '"abc"' },
    });
    const response = await run(upstream);
    const html = await response.text();
    const token = /name="form_token" value="([^"]+)"/.exec(html)?.[1];
    await expect(screenSubmission({ form_token: token }, DEVELOPMENT_SECRET, later())).resolves.toMatchObject(
      { suspicion: null },
    );
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("etag")).toBeNull();
  });

  it("leaves other answers alone", async () => {
    const missing = new Response("gone", { status: 404, headers: { "content-type": "text/html" } });
    expect(await run(missing)).toBe(missing);
  });
});
