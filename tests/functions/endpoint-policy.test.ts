import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@netlify/functions";
import { describe, expect, it, vi } from "vitest";
import { NON_PAGE_CSP, pageCsp, SECURITY_HEADERS } from "../../src/server/http/page-headers.server.ts";
import { API_CSP, PAGE_CSP } from "../../src/server/http/responses.server.ts";
import { FUNCTION_PATHS_OUTSIDE_API } from "../../src/shared/function-paths.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { functionContext } from "../support/function-context.ts";
import { pageServer } from "../support/page-server.ts";
import { formPostRequest, ORIGIN, pageRequest, scriptPostRequest } from "../support/requests.ts";

startBlobsServer();

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

  it("answers a POST to the subscribers' download with 405, Allow: GET, HEAD", async () => {
    const newsletter = modules.find(([name]) => name === "secretariat-newsletter.ts")?.[1] as FunctionModule;
    const response = await newsletter.default(
      new Request("http://localhost/api/secretariat/newsletter/subscribers.csv", { method: "POST" }),
      functionContext(),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, HEAD");
  });

  it("lets every function see every method, so a wrong one is its 405, not another function's 404", () => {
    // A page's own address is the framework's, whatever the method: no function takes a method of it.
    expect(served.filter(([, module]) => module.config.method).map(([file]) => file)).toEqual([]);
  });

  it("serves /api/* and the calendar files only: every other path is the framework's", () => {
    const paths = served.flatMap(([, module]) => [module.config.path].flat() as string[]);
    const outside = paths.filter((path) => path !== "/api" && !path.startsWith("/api/"));
    // vite.config.ts keeps the framework's handler off these.
    expect(outside.sort()).toEqual([...FUNCTION_PATHS_OUTSIDE_API].sort());
  });

  it("answers HEAD as GET without a body", async () => {
    const { default: session } = await import("../../netlify/functions/session.ts");
    const head = await session(new Request("http://localhost/api/session", { method: "HEAD" }));
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
  it("refuses a sign-out posted as text/plain with no Origin: a cross-site form could send that", async () => {
    const response = await (await pages)(
      new Request(`${ORIGIN}/logout`, {
        method: "POST",
        body: "{}",
        headers: { "content-type": "text/plain", cookie: "__Host-isgpb_session=some-session" },
      }),
    );
    expect(response.status).toBe(415);
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

const pages = pageServer((path) => path === "logout" || path === "contact-us");

describe("the headers of the pages", () => {
  it("are netlify.toml's headers for the static files, word for word, on every page rendered per request", async () => {
    const toml = await readFile(path.resolve(import.meta.dirname, "../../netlify.toml"), "utf8");
    const block = /for = "\/\*"\s*\[headers\.values\]\s*([\s\S]*?)(?:\n\s*\n|\[\[)/.exec(toml)?.[1] ?? "";
    const staticHeaders = Object.fromEntries(
      [...block.matchAll(/^\s*([\w-]+) = "([^"]+)"$/gm)].map((match) => [match[1], match[2]]),
    );
    expect(staticHeaders).toEqual(SECURITY_HEADERS);
    const page = await (await pages)(pageRequest("/contact-us"));
    expect(page.status).toBe(200);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(page.headers.get(name)).toBe(value);
  });

  it("leave each page its own script policy: none in netlify.toml, a fresh nonce on a rendered page", async () => {
    const toml = await readFile(path.resolve(import.meta.dirname, "../../netlify.toml"), "utf8");
    expect(toml).not.toMatch(/^\s*Content-Security-Policy\s*=/m);
    const policies = await Promise.all(
      [1, 2].map(async () =>
        (await (await pages)(pageRequest("/contact-us"))).headers.get("content-security-policy"),
      ),
    );
    const nonces = policies.map((policy) => /'nonce-([\w+/=]+)'/.exec(policy ?? "")?.[1]);
    expect(policies[0]).toBe(pageCsp(`'nonce-${nonces[0]}'`, `'nonce-${nonces[0]}'`));
    expect(nonces[0]).toBeTruthy();
    expect(nonces[1]).not.toBe(nonces[0]);
  });

  it("give a page's 303 and its data the same security headers, and the data no page policy", async () => {
    const post = await (await pages)(formPostRequest("/logout", {}));
    expect(post.status).toBe(303);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(post.headers.get(name)).toBe(value);
    const data = await (await pages)(scriptPostRequest("/logout", {}));
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(data.headers.get(name)).toBe(value);
    expect(data.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
  });

  it("give the framework's own refusal of a method no route takes the security headers too", async () => {
    const answer = await (await pages)(new Request(`${ORIGIN}/contact-us`, { method: "OPTIONS" }));
    expect(answer.status).toBe(405);
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(answer.headers.get(name)).toBe(value);
    // Its page runs no inline script: no nonce was made for it.
    expect(answer.headers.get("content-security-policy")).toBe(NON_PAGE_CSP);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
  });

  it("a page a function answers is held to the pages' policy, less the framework's inline scripts and styles", () => {
    const directives = (policy: string) =>
      Object.fromEntries(policy.split("; ").map((directive) => [directive.split(" ")[0], directive]));
    const rendered = directives(pageCsp("'nonce-x'", "'nonce-x'"));
    expect(directives(PAGE_CSP)).toEqual({
      ...rendered,
      "script-src": "script-src 'self'",
      "style-src": "style-src 'self'",
    });
    expect(API_CSP).toBe(NON_PAGE_CSP);
  });
});
