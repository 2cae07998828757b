import { afterAll, beforeAll, beforeEach, vi } from "vitest";
import type { Account } from "../../src/server/account/accounts.server.ts";
import { startSession } from "../../src/server/account/sessions.server.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";

import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "./blobs.ts";
import { allowConsole } from "./console.ts";
import { startDatabase } from "./database.ts";
import { makeAccount } from "./membership-records.ts";
import { setupMsw } from "./msw.ts";
import { pageServer } from "./page-server.ts";

// Made in membership-records.ts, which imports no vitest, so that the browser tests can make accounts too.
export { makeAccount };

/** The secretariat's address in the workspace's tests, listed in SECRETARIAT_ACCOUNTS. */
export const OFFICE_EMAIL = "office@example.org";

/**
 * What every test file of the workspace's functions sets up first: Resend accepting every mail
 * (kept in `sent`, emptied before each test), the records' database, a local Blobs server (for the
 * last good copies, where a file reads Contentful), the development secret's
 * warning allowed, time for the few scrypt hashes, and a signed-in secretariat account whose
 * cookie `office()` gives once the file's tests run. Call it at the top of the file; a file's own
 * beforeAll runs after this one's.
 */
export function workspaceFunctionTests({ testTimeout = 30_000 } = {}) {
  // The worker's database starts (WebAssembly, then the migrations) in the first file's beforeAll.
  vi.setConfig({ testTimeout, hookTimeout: 60_000 });
  const sent: SentMail[] = [];
  const msw = setupMsw(resendAccepts(sent));
  startDatabase();
  startBlobsServer();
  allowConsole("warn", /SIGNING_SECRET is unset/);
  let office = "";
  let handler: ((request: Request) => Promise<Response>) | undefined;
  beforeAll(async () => {
    vi.stubEnv("RESEND_API_KEY", "re_test_key");
    vi.stubEnv("SECRETARIAT_ACCOUNTS", OFFICE_EMAIL);
    office = await cookieFor(await makeAccount(OFFICE_EMAIL, { role: "secretariat", status: "active" }));
    handler = await workspacePages();
  });
  afterAll(() => vi.unstubAllEnvs());
  beforeEach(() => {
    sent.length = 0;
  });
  /** The workspace's pages, answered as the site's server handler answers them. */
  const pages = (request: Request) => {
    if (!handler) throw new Error("the workspace's pages are ready once the file's tests run");
    return handler(request);
  };
  return { sent, msw, office: () => office, pages };
}

/** The framework's handler for the workspace's routes (src/app/routes.ts: /secretariat and below). */
export const workspacePages = () =>
  pageServer((path) => path === "secretariat" || path.startsWith("secretariat/"));

/** A session cookie for the account, its session started (and last used) at `at`. */
export async function cookieFor(account: Account, at = new Date()): Promise<string> {
  return `${SESSION_COOKIE}=${await startSession(account.key, at)}`;
}
