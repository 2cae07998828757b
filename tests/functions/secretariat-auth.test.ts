import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkAccountLink } from "../../src/server/account/account-links.server.ts";
import { findAccount } from "../../src/server/account/accounts.server.ts";
import { verifyPassword } from "../../src/server/account/password.server.ts";
import { resetPassword } from "../../src/server/account/password-recovery.server.ts";
import { SECRETARIAT_IDLE_MS } from "../../src/server/account/sessions.server.ts";
import {
  DEMO_SECRETARIAT,
  ensureDemoSecretariat,
  homeOf,
  NOT_SECRETARIAT,
  NOT_SIGNED_IN,
} from "../../src/server/secretariat/auth.server.ts";
import { LINK_EVERY_MS, requestPasswordLink } from "../../src/server/secretariat/password-link.server.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { startDatabase } from "../support/database.ts";
import { pageServer } from "../support/page-server.ts";
import { formPostRequest, ORIGIN, pageRequest, postAndFollow } from "../support/requests.ts";
import { cookieFor, makeAccount, workspaceFunctionTests } from "../support/secretariat.ts";
import { secretariatCalls } from "./secretariat-calls.ts";

// First, so the database is there when the workspace's tests make their secretariat account.
vi.setConfig({ hookTimeout: 60_000 });
startDatabase();
const { sent, pages } = workspaceFunctionTests();

beforeAll(() => {
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("SECRETARIAT_ACCOUNTS", "office@example.org, Treasurer@Example.org");
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  sent.length = 0;
});

const escaped = (text: string) => text.replaceAll("'", "&#x27;");

describe("who gets into the workspace", () => {
  it("answers a visitor 401 and a member 403 on every secretariat page, form and download, showing no data", async () => {
    const member = await makeAccount("member-one@example.org", { status: "active" });
    const memberCookie = await cookieFor(member);
    const calls = secretariatCalls(pages);
    expect(calls.length).toBeGreaterThan(20);
    for (const call of calls) {
      for (const [cookie, status, text] of [
        [undefined, 401, NOT_SIGNED_IN],
        [memberCookie, 403, NOT_SECRETARIAT],
      ] as const) {
        const response = await call.handler(call.request(cookie));
        const body = await response.text();
        expect(response.status, `${call.name} ${status}`).toBe(status);
        if (call.kind === "api") expect(JSON.parse(body), call.name).toEqual({ error: text });
        else expect(body.includes(text) || body.includes(escaped(text)), `${call.name} says why`).toBe(true);
        expect(body, call.name).not.toContain("member-one@example.org");
        expect(body, call.name).not.toContain("office@example.org");
      }
    }
  });

  it("shows the refusal as a page of its own, with the way in", async () => {
    const response = await pages(pageRequest("/secretariat/applications"));
    const html = await response.text();
    expect(html).toContain("<title>Please sign in | ISGPB secretariat</title>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain('<a href="/secretariat/sign-in">ask for a link to set your password</a>');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("makes the demo account on its first sign-in (off a deploy) and lands it on /secretariat", async () => {
    expect(await findAccount(DEMO_SECRETARIAT.email)).toBeNull();
    await ensureDemoSecretariat(DEMO_SECRETARIAT.email);
    const demo = await findAccount(DEMO_SECRETARIAT.email);
    expect(demo?.role).toBe("secretariat");
    expect(await verifyPassword(DEMO_SECRETARIAT.password, demo?.passwordHash ?? "")).toBe(true);
    expect(homeOf(demo ?? ({} as never), "/account")).toBe("/secretariat");
    const page = await pages(pageRequest("/secretariat", await cookieFor(demo ?? ({} as never))));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<h1>Secretariat workspace</h1>");
  });

  it("sends a secretariat account from the members' account page to its workspace", async () => {
    const office = await makeAccount("office-account@example.org", { role: "secretariat", status: "active" });
    vi.stubEnv("SECRETARIAT_ACCOUNTS", "office-account@example.org");
    try {
      const accountPage = await pageServer((path) => path === "account");
      const page = await accountPage(pageRequest("/account", await cookieFor(office)));
      expect([page.status, page.headers.get("location")]).toEqual([303, "/secretariat"]);
      // A member's account page is still the member's.
      const member = await makeAccount("member-account@example.org", { status: "active" });
      expect((await accountPage(pageRequest("/account", await cookieFor(member)))).status).toBe(200);
    } finally {
      vi.stubEnv("SECRETARIAT_ACCOUNTS", "office@example.org, Treasurer@Example.org");
    }
  });

  it("never makes the demo account on a Netlify deploy", async () => {
    vi.stubEnv("CONTEXT", "production");
    vi.stubEnv("SIGNING_SECRET", "deploy-secret");
    try {
      await ensureDemoSecretariat("demo-check@example.org");
      expect(await findAccount("demo-check@example.org")).toBeNull();
      const { secretariatAddresses } = await import("../../src/server/secretariat/auth.server.ts");
      expect([...secretariatAddresses()]).toEqual(["office@example.org", "treasurer@example.org"]);
    } finally {
      vi.stubEnv("CONTEXT", "");
      vi.stubEnv("SIGNING_SECRET", "");
    }
  });

  it("ends a secretariat session after 30 minutes idle, while a member's lasts longer", async () => {
    const office = await makeAccount("office-two@example.org", { role: "secretariat", status: "active" });
    vi.stubEnv("SECRETARIAT_ACCOUNTS", "office-two@example.org");
    try {
      const member = await makeAccount("member-two@example.org", { status: "active" });
      const idle = new Date(Date.now() - SECRETARIAT_IDLE_MS - 60_000);
      const fresh = new Date(Date.now() - SECRETARIAT_IDLE_MS + 60_000);
      const stale = await pages(pageRequest("/secretariat", await cookieFor(office, idle)));
      expect(stale.status).toBe(401);
      const live = await pages(pageRequest("/secretariat", await cookieFor(office, fresh)));
      expect(live.status).toBe(200);
      // The same idle time leaves a member signed in (and still not let in).
      const memberPage = await pages(pageRequest("/secretariat", await cookieFor(member, idle)));
      expect(memberPage.status).toBe(403);
    } finally {
      vi.stubEnv("SECRETARIAT_ACCOUNTS", "office@example.org, Treasurer@Example.org");
    }
  });

  it("refuses an account with the role whose address is no longer listed", async () => {
    const former = await makeAccount("former@example.org", { role: "secretariat", status: "active" });
    const page = await pages(pageRequest("/secretariat", await cookieFor(former)));
    expect(page.status).toBe(403);
  });
});

describe("asking for a set-your-password link", () => {
  it("answers every address the same, and mails a single-use set-password link to a listed one only", async () => {
    const answers: (string | null)[] = [];
    for (const email of ["treasurer@example.org", "stranger@example.org"]) {
      const response = await pages(formPostRequest("/secretariat/sign-in", { email }));
      expect(response.status).toBe(303);
      answers.push(response.headers.get("location"));
    }
    expect(answers).toEqual(["/secretariat/sign-in?done=link-sent", "/secretariat/sign-in?done=link-sent"]);
    expect(sent).toHaveLength(1);
    const mail = sent[0]?.body ?? {};
    expect(mail.to).toEqual(["treasurer@example.org"]);
    const token = new URL(/https:\/\/\S+/.exec(String(mail.text))?.[0] ?? "").searchParams.get("token");
    const check = await checkAccountLink(token, "set-password");
    expect(check.ok).toBe(true);
    expect((await findAccount("treasurer@example.org"))?.role).toBe("secretariat");
    expect(await findAccount("stranger@example.org")).toBeNull();
    // The link sets the password (the members' reset page spends it), and the address may sign in.
    const password = "Treasurer-office-2291";
    expect(await resetPassword(token, password, ORIGIN, "set-password")).toMatchObject({ ok: true });
    const treasurer = await findAccount("treasurer@example.org");
    expect(await verifyPassword(password, treasurer?.passwordHash ?? "")).toBe(true);
    expect(homeOf(treasurer ?? ({} as never), "/account")).toBe("/secretariat");
    // A second request at once sends nothing more.
    const before = sent.length;
    await pages(formPostRequest("/secretariat/sign-in", { email: "treasurer@example.org" }));
    expect(sent).toHaveLength(before);
  });

  it("mails one link in ten minutes even when a ten-minute boundary falls between two requests", async () => {
    const boundary = Math.ceil(Date.now() / LINK_EVERY_MS) * LINK_EVERY_MS;
    const at = (ms: number) => new Date(boundary + ms);
    expect(await requestPasswordLink("office@example.org", ORIGIN, at(-1))).toBe(true);
    expect(await requestPasswordLink("office@example.org", ORIGIN, at(1))).toBe(false);
    expect(await requestPasswordLink("office@example.org", ORIGIN, at(LINK_EVERY_MS - 2))).toBe(false);
    expect(sent).toHaveLength(1);
    // Ten minutes after the first, the next may go.
    expect(await requestPasswordLink("office@example.org", ORIGIN, at(LINK_EVERY_MS))).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it("without JavaScript: the sign-in page says the link is on its way, or shows the error beside the field", async () => {
    const { post, page } = await postAndFollow(
      pages,
      "/secretariat/sign-in",
      { email: "nobody@example.org" },
      "",
    );
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/secretariat/sign-in?done=link-sent");
    const html = await page.text();
    expect(html).toContain(escaped(FLASHES["link-sent"].text));

    const refused = await postAndFollow(pages, "/secretariat/sign-in", { email: "not an address" }, "");
    expect(refused.post.status).toBe(303);
    expect(refused.post.headers.get("location")).toBe("/secretariat/sign-in#password-link-error-summary");
    const again = await refused.page.text();
    expect(again).toContain('id="email-error"');
    expect(again).toContain('value="not an address"');
    expect(again).toContain('aria-invalid="true"');
  });
});
