/**
 * The headers Netlify gives the build's static files: netlify.toml's and the _headers file that
 * after-build.ts writes, read by Netlify's own headers engine. Every file the CDN serves, a page
 * or any other, carries a Content-Security-Policy and the other security headers.
 */
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { HeadersHandler } from "@netlify/headers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NON_PAGE_CSP, SECURITY_HEADERS } from "../../src/server/http/page-headers.server.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title} | ISGPB</title><style>main{}</style></head>` +
  `<body><main><h1>${title}</h1><p>Text.</p></main><script>window.x=1</script></body></html>`;

/** A build's files as the framework leaves them in build/client, by address. */
const BUILT: Record<string, string> = {
  "/index.html": page("Home"),
  "/about-us/index.html": page("About us"),
  "/about-us.data": "[]",
  "/_root.data": "[]",
  "/robots.txt": "User-agent: *\n",
  "/sitemap.xml": "<urlset/>",
  "/news/feed.xml": "<rss/>",
  "/news/feed.xml.data": "[]",
  "/favicon.svg": "<svg/>",
  "/assets/root-abc.js": "export {};",
  "/images/logo.svg": "<svg/>",
  "/downloads/form.pdf": "%PDF",
};

let project: string;
let headers: HeadersHandler;

beforeAll(async () => {
  project = await mkdtemp(path.join(tmpdir(), "isgpb-after-build-"));
  const client = path.join(project, "build/client");
  for (const [address, text] of Object.entries(BUILT)) {
    const file = path.join(client, address);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  // The build's own step, as `npm run build` runs it, in a project of these files.
  await promisify(execFile)(process.execPath, [path.join(ROOT, "scripts/build/after-build.ts")], {
    cwd: project,
  });
  headers = new HeadersHandler({
    configPath: path.join(ROOT, "netlify.toml"),
    projectDir: project,
    publishDir: "build/client",
    logger: { error: (message: string) => expect.fail(message) } as never,
  });
});
afterAll(() => rm(project, { recursive: true, force: true }));

const served = (address: string) => headers.apply(new Request(`https://isgpb.example${address}`));

/** Every address the CDN answers from these files: a page at its own address, others as named. */
const ADDRESSES = [
  "/",
  "/about-us",
  "/about-us/",
  "/search-index.json",
  ...Object.keys(BUILT).filter((address) => !address.endsWith("/index.html")),
];

describe("the headers of the build's static files", () => {
  it.each(ADDRESSES)("give %s a policy and every security header", async (address) => {
    const answer = await served(address);
    expect(answer["Content-Security-Policy"]).toBeTruthy();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer[name], name).toBe(value);
  });

  it("give a page the policy of its own inline scripts, and any other file one that runs nothing", async () => {
    expect((await served("/about-us"))["Content-Security-Policy"]).toMatch(/script-src 'self' 'sha256-/);
    for (const address of ["/robots.txt", "/sitemap.xml", "/news/feed.xml", "/favicon.svg", "/about-us.data"])
      expect((await served(address))["Content-Security-Policy"], address).toBe(NON_PAGE_CSP);
  });
});
