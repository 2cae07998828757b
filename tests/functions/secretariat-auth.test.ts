import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import loginFunction from "../../netlify/functions/login.ts";
import resetPasswordFunction from "../../netlify/functions/reset-password.ts";
import pagesFunction from "../../netlify/functions/secretariat-pages.ts";
import passwordLinkFunction from "../../netlify/functions/secretariat-password-link.ts";
import { checkAccountLink } from "../../src/server/account/account-links.server.ts";
import { findAccount } from "../../src/server/account/accounts.server.ts";
import { SECRETARIAT_IDLE_MS } from "../../src/server/account/sessions.server.ts";
import {
  DEMO_SECRETARIAT,
  NOT_SECRETARIAT,
  NOT_SIGNED_IN,
} from "../../src/server/secretariat/auth.server.ts";
import { FLASHES } from "../../src/server/secretariat/flash.server.ts";
import { LINK_EVERY_MS, requestPasswordLink } from "../../src/server/secretariat/password-link.server.ts";
import { functionContext } from "../support/function-context.ts";
import {
  cookieFor,
  formPostRequest,
  jsonGetRequest,
  jsonPostRequest,
  makeAccount,
  ORIGIN,
  pageRequest,
  workspaceFunctionTests,
} from "../support/secretariat.ts";
import { SECRETARIAT_CALLS } from "./secretariat-calls.ts";

const { sent } = workspaceFunctionTests();

beforeAll(() => {
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("SECRETARIAT_ACCOUNTS", "office@example.org, Treasurer@Example.org");
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  sent.length = 0;
});

describe("who gets into the workspace", () => {
  it("answers a visitor 401 and a member 403 on every secretariat page and API, showing no data", async () => {
    const member = await makeAccount("member-one@example.org", { status: "active" });
    const memberCookie = await cookieFor(member);
    expect(SECRETARIAT_CALLS.length).toBeGreaterThan(3);
    for (const call of SECRETARIAT_CALLS) {
      for (const [cookie, status, text] of [
        [undefined, 401, NOT_SIGNED_IN],
        [memberCookie, 403, NOT_SECRETARIAT],
      ] as const) {
        for (const accept of ["application/json", "text/html"]) {
          const response = await call.handler(call.request(cookie, accept), functionContext(call.params));
          expect(response.status, `${call.name} ${accept} ${status}`).toBe(status);
          const body = await response.text();
          expect(body).toContain(text.replaceAll("'", accept === "text/html" ? "&#39;" : "'"));
          expect(body).not.toContain("member-one@example.org");
        }
      }
    }
  });

  it("signs the demo account in at /login (made on first use) and lands it on /secretariat", async () => {
    expect(await findAccount(DEMO_SECRETARIAT.email)).toBeNull();
    const login = await loginFunction(
      formPostRequest("/api/login", { email: DEMO_SECRETARIAT.email, password: DEMO_SECRETARIAT.password }),
      functionContext(),
    );
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/secretariat");
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = await pagesFunction(pageRequest("/secretariat", cookie), functionContext());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Secretariat workspace");

    const json = await loginFunction(
      jsonPostRequest("/api/login", { email: DEMO_SECRETARIAT.email, password: DEMO_SECRETARIAT.password }),
      functionContext(),
    );
    expect(await json.json()).toEqual({ name: DEMO_SECRETARIAT.name, home: "/secretariat" });
  });

  it("never makes the demo account on a Netlify deploy", async () => {
    vi.stubEnv("CONTEXT", "production");
    vi.stubEnv("SIGNING_SECRET", "deploy-secret");
    try {
      const login = await loginFunction(
        jsonPostRequest("/api/login", { email: "demo-check@example.org", password: "whatever-it-is" }),
        functionContext(),
      );
      expect(login.status).toBe(401);
      const { secretariatAddresses } = await import("../../src/server/secretariat/auth.server.ts");
      expect([...secretariatAddresses()]).toEqual(["office@example.org", "treasurer@example.org"]);
    } finally {
      vi.stubEnv("CONTEXT", "");
      vi.stubEnv("SIGNING_SECRET", "");
    }
  });

  it("ends a secretariat session after 30 minutes idle, while a member's lasts longer", async () => {
    const office = await makeAccount("office@example.org", { role: "secretariat", status: "active" });
    const member = await makeAccount("member-two@example.org", { status: "active" });
    const idle = new Date(Date.now() - SECRETARIAT_IDLE_MS - 60_000);
    const fresh = new Date(Date.now() - SECRETARIAT_IDLE_MS + 60_000);
    const stale = await pagesFunction(pageRequest("/secretariat", await cookieFor(office, idle)));
    expect(stale.status).toBe(401);
    const live = await pagesFunction(pageRequest("/secretariat", await cookieFor(office, fresh)));
    expect(live.status).toBe(200);
    // The same idle time leaves a member signed in (and still not let in).
    const memberPage = await pagesFunction(pageRequest("/secretariat", await cookieFor(member, idle)));
    expect(memberPage.status).toBe(403);
  });

  it("refuses an account with the role whose address is no longer listed", async () => {
    const former = await makeAccount("former@example.org", { role: "secretariat", status: "active" });
    const page = await pagesFunction(jsonGetRequest("/secretariat", await cookieFor(former)));
    expect(page.status).toBe(403);
  });
});

describe("asking for a set-your-password link", () => {
  it("answers every address the same, and mails a single-use set-password link to a listed one only", async () => {
    const answers: string[] = [];
    for (const email of ["treasurer@example.org", "stranger@example.org"]) {
      const response = await passwordLinkFunction(
        jsonPostRequest("/api/secretariat/password-link", { email }),
      );
      expect(response.status).toBe(200);
      answers.push(await response.text());
    }
    expect(answers[0]).toBe(answers[1]);
    expect(JSON.parse(answers[0] ?? "{}")).toEqual({ message: FLASHES["link-sent"].text });
    expect(sent).toHaveLength(1);
    const mail = sent[0]?.body ?? {};
    expect(mail.to).toEqual(["treasurer@example.org"]);
    const token = new URL(/https:\/\/\S+/.exec(String(mail.text))?.[0] ?? "").searchParams.get("token");
    const check = await checkAccountLink(token, "set-password");
    expect(check.ok).toBe(true);
    expect((await findAccount("treasurer@example.org"))?.role).toBe("secretariat");
    expect(await findAccount("stranger@example.org")).toBeNull();
    // The link sets the password on the members' reset page, and the address signs in to the workspace.
    const password = "Treasurer-office-2291";
    const set = await resetPasswordFunction(
      jsonPostRequest("/api/reset-password", { token, password, confirmPassword: password }),
    );
    expect(set.status).toBe(200);
    const login = await loginFunction(
      jsonPostRequest("/api/login", { email: "treasurer@example.org", password }),
      functionContext(),
    );
    expect(await login.json()).toMatchObject({ home: "/secretariat" });
    // The link, then the 'password changed' notice; a second request at once sends nothing more.
    expect(sent.map((m) => m.idempotencyKey?.split("/")[0])).toEqual([
      "secretariat-password-link",
      "password-changed",
    ]);
    await passwordLinkFunction(
      jsonPostRequest("/api/secretariat/password-link", { email: "treasurer@example.org" }),
    );
    expect(sent).toHaveLength(2);
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

  it("without JavaScript: redirects with the flash, or shows the page again with the error", async () => {
    const ok = await passwordLinkFunction(
      formPostRequest("/api/secretariat/password-link", { email: "nobody@example.org" }),
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("/secretariat/sign-in?done=link-sent");
    const page = await pagesFunction(pageRequest("/secretariat/sign-in?done=link-sent"));
    expect(await page.text()).toContain("we have sent it a link");

    const refused = await passwordLinkFunction(
      formPostRequest("/api/secretariat/password-link", { email: "not an address" }),
    );
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('id="email-error"');
    expect(html).toContain('value="not an address"');
  });
});
