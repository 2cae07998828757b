import { readdir } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@netlify/functions";
import { describe, expect, it, vi } from "vitest";
import { functionContext } from "../support/function-context.ts";

// Member ids and form tokens are keyed with it; unset, the development secret is used, with a warning.
vi.stubEnv("SIGNING_SECRET", "test-signing-secret");

type FunctionModule = {
  default: (request: Request, context?: unknown) => Promise<Response>;
  config: Config;
};

const folder = path.resolve(import.meta.dirname, "../../netlify/functions");
const modules = await Promise.all(
  (await readdir(folder))
    .filter((file) => file.endsWith(".ts"))
    .map(async (file) => [file, (await import(path.join(folder, file))) as FunctionModule] as const),
);
/** The functions served at a path (not the scheduled ones), and the first path of each. */
const served = modules
  .filter(([, module]) => module.config.path)
  .map(([file, module]) => {
    const paths = [module.config.path].flat() as string[];
    const first = (paths[0] ?? "").replace(/:(\w+)/g, "x").replace("*", "anything");
    return [file, module, `http://localhost${first}`] as const;
  });

const SECURITY = ["content-security-policy", "strict-transport-security", "x-content-type-options"];

describe("the method policy of every function", () => {
  const known = served.filter(([file]) => file !== "api-not-found.ts");

  it.each(known)(
    "%s: answers a method it does not serve with 405 and Allow, as JSON",
    async (_file, module, url) => {
      const response = await module.default(
        new Request(url, { method: "PUT" }),
        functionContext({ id: "x" }),
      );
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toMatch(/^(GET, HEAD|POST|GET, HEAD, POST)$/);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      for (const header of SECURITY) expect(response.headers.has(header)).toBe(true);
    },
  );

  it("lets every function see every method, so a wrong one is its 405, not another function's 404", () => {
    // The exceptions answer a plain form at a page's own address, whose GET is the prerendered page.
    expect(served.filter(([, module]) => module.config.method).map(([file]) => file)).toEqual([
      "approve-payment-form.ts",
      "newsletter-link-page.ts",
      "verify-email.ts",
    ]);
  });

  it("answers HEAD as GET without a body", async () => {
    const { default: formToken } = await import("../../netlify/functions/form-token.ts");
    const head = await formToken(new Request("http://localhost/api/form-token", { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await head.text()).toBe("");
  });

  it("answers /api, /api/ and unknown API paths, whatever the method, with the JSON 404", async () => {
    const { default: notFound, config } = await import("../../netlify/functions/api-not-found.ts");
    expect(config.path).toEqual(expect.arrayContaining(["/api", "/api/", "/api/*"]));
    const response = await notFound();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No such API endpoint" });
    for (const header of SECURITY) expect(response.headers.has(header)).toBe(true);
  });
});

describe("what a page cannot send without asking first", () => {
  it("refuses POST /api/logout as text/plain with no Origin: a cross-site form could send that", async () => {
    const { default: logout } = await import("../../netlify/functions/logout.ts");
    const response = await logout(
      new Request("http://localhost/api/logout", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "text/plain", cookie: "__Host-isgpb_session=some-session" },
      }),
    );
    expect(response.status).toBe(415);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("gives a plain form's 303 the same security headers as every other answer", async () => {
    const { default: logout } = await import("../../netlify/functions/logout.ts");
    const response = await logout(
      new Request("http://localhost/api/logout", {
        method: "POST",
        body: "",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    expect(response.status).toBe(303);
    for (const header of SECURITY) expect(response.headers.has(header)).toBe(true);
  });
});

describe("the pages' policy a function answers with", () => {
  it("is netlify.toml's policy for the static pages, word for word", async () => {
    const { readFile } = await import("node:fs/promises");
    const { PAGE_CSP } = await import("../../src/server/http/responses.server.ts");
    const toml = await readFile(path.resolve(import.meta.dirname, "../../netlify.toml"), "utf8");
    const policies = [...toml.matchAll(/Content-Security-Policy = "([^"]+)"/g)].map((match) => match[1]);
    expect(policies).toContain(PAGE_CSP);
  });
});
