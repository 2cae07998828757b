import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import pageFunction from "../../netlify/functions/directory-entry-page.ts";
import privacyFunction from "../../netlify/functions/member-directory-privacy.ts";
import { DirectoryEntryView } from "../../src/features/account/directory-entry-view.tsx";
import { type Account, accountKey, createAccount } from "../../src/server/account/accounts.server.ts";
import { startSession } from "../../src/server/account/sessions.server.ts";
import { NO_DIRECTORY_ENTRY } from "../../src/shared/member-privacy.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";
import { sheetsError } from "../mocks/google-sheets.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { expectConsole } from "../support/console.ts";
import { functionContext } from "../support/function-context.ts";
import { setupMsw } from "../support/msw.ts";

const msw = setupMsw();
startBlobsServer();

const ORIGIN = "https://isgpb.example";
const PAGE = "/account/directory-entry/current";
/** A member of content/directory.csv (the local directory: no Sheets configured here). */
const ACHARYA = {
  email: "aarav.acharya.00573@example.org",
  name: "Dr. Aarav Acharya",
  address1: "Department of Genetics and Plant Breeding, Block A",
  mobile: "+91 90000 00573",
};

/**
 * The build's prerendered page, as the function reads it from dist/ (it ships with the function):
 * the page's own markup without a member, with a hydration payload and the boot script.
 */
const prerendered = `<!doctype html><html lang="en"><head><title>My Directory Entry</title><script type="module" src="/assets/boot.js"></script></head><body><div id="root"><main id="main"><h1>My Directory Entry</h1>${renderToString(
  createElement(
    MemoryRouter,
    { initialEntries: [PAGE] },
    createElement(DirectoryEntryView, { returned: null }),
  ),
)}</main></div><script type="application/json" id="hydration-data">{"view":"${PAGE}"}</script></body></html>`;

let root = "";
beforeAll(async () => {
  vi.stubEnv("SIGNING_SECRET", "directory-entry-page-test-secret");
  vi.stubEnv("DIRECTORY_CACHE_SECONDS", "0");
  vi.stubEnv("GOOGLE_SHEETS_API_KEY", "");
  // The function reads dist/ and content/ from the working directory, as on Netlify.
  root = await mkdtemp(path.join(tmpdir(), "entry-page-"));
  const folder = path.join(root, "dist/account/directory-entry/current");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "index.html"), prerendered);
  await symlink(path.resolve("content"), path.join(root, "content"));
  vi.spyOn(process, "cwd").mockReturnValue(root);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
});
beforeEach(() => vi.stubEnv("GOOGLE_SHEETS_API_KEY", ""));

let serial = 0;
async function signedIn(email: string) {
  serial++;
  const account: Account = {
    key: accountKey(email),
    email,
    name: `Member ${serial}`,
    membership: "1",
    applicationId: `EN-00000000${String(serial).padStart(2, "0")}`,
    submissionId: "",
    submittedAt: new Date(Date.now() - 86_400_000).toISOString(),
    status: "active",
    passwordHash: "not-used-here",
  };
  await createAccount(account);
  return `${SESSION_COOKIE}=${await startSession(account.key)}`;
}

const open = (cookie?: string) =>
  pageFunction(new Request(`${ORIGIN}${PAGE}`, { headers: cookie ? { cookie } : {} }), functionContext());

const box = (page: string, value: string) =>
  new RegExp(`<input[^>]*\\sid="hide-${value}"[^>]*>`).exec(page)?.[0] ?? "";

describe("GET /account/directory-entry/current (the page without JavaScript)", () => {
  it("says so when the directory cannot be had, and offers no blind save of the choices", async () => {
    vi.stubEnv("GOOGLE_SHEETS_API_KEY", "test-key");
    vi.stubEnv("GOOGLE_SHEETS_SPREADSHEET_ID", "sheet");
    msw.use(sheetsError(500, "Internal error", "INTERNAL"));
    expectConsole("error", /^last-good-copy: directory\/members failed upstream/);
    const response = await open(await signedIn("sheets.down@example.org"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("60");
    const page = await response.text();
    expect(page).toContain("Your directory entry could not be loaded just now");
    expect(page).not.toContain('action="/api/account/directory-privacy"');
    expect(page).toContain('action="/api/account/directory-correction"');
  });

  it("shows the member's entry and the details hidden, with the boxes ticked as now in force", async () => {
    const cookie = await signedIn(ACHARYA.email);
    const saved = await privacyFunction(
      new Request(`${ORIGIN}/api/account/directory-privacy`, {
        method: "POST",
        body: "hide=email&hide=mobile",
        headers: {
          cookie,
          "content-type": "application/x-www-form-urlencoded",
          "sec-fetch-site": "same-origin",
        },
      }),
      functionContext(),
    );
    expect(saved.status).toBe(303);

    const response = await open(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("vary")).toBe("Cookie");
    const page = await response.text();
    const part = /<section[^>]*id="directory-entry-part"[^>]*>[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
    expect(part).toMatch(/^<section[^>]*aria-labelledby="entry-title"/);
    expect(part).toContain(`<dd>${ACHARYA.name}</dd>`);
    expect(part).toContain(ACHARYA.address1);
    expect(part).toContain(`<dd>${ACHARYA.mobile}</dd>`);
    expect(part).toContain("Hidden from other members: e-mail address, mobile number.");
    expect(part).not.toContain("Show my entry");
    expect(box(page, "email")).toContain('checked=""');
    expect(box(page, "mobile")).toContain('checked=""');
    expect(box(page, "address")).not.toContain("checked");
    // Both forms are still there, and the page's script, which renders it afresh if it runs.
    expect(page).toContain('action="/api/account/directory-correction"');
    expect(page).toContain('src="/assets/boot.js"');
    expect(page).not.toContain("hydration-data");
  });

  it("tells a member with no entry so, keeps the form that asks to be added, and has nothing to hide", async () => {
    const page = await (await open(await signedIn("not.in.the.directory@example.org"))).text();
    expect(page).toContain(NO_DIRECTORY_ENTRY);
    expect(page).not.toContain('action="/api/account/directory-privacy"');
    expect(page).toContain('action="/api/account/directory-correction"');
  });

  it("sends a visitor who is not signed in to sign in, and back here afterwards", async () => {
    const response = await open();
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/login?next=${encodeURIComponent(PAGE)}`);
    expect(response.headers.get("vary")).toBe("Cookie");
  });
});
