import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import forgotFunction from "../../netlify/functions/forgot-password.ts";
import loginFunction from "../../netlify/functions/login.ts";
import resetFunction from "../../netlify/functions/reset-password.ts";
import { createAccountLink } from "../../src/server/account/account-links.server.ts";
import { accountKey, createAccount, findAccount } from "../../src/server/account/accounts.server.ts";
import { PAIR_LIMIT } from "../../src/server/account/login-throttle.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { FORGOT_ANSWER_FLOOR_MS } from "../../src/server/account/password-recovery.server.ts";
import { ADDRESS_LIMIT, IP_LIMIT } from "../../src/server/account/recovery-throttle.server.ts";
import { currentAccount, startSession } from "../../src/server/account/sessions.server.ts";
import { approvalUrl } from "../../src/server/membership/payment-approval.server.ts";
import { LINK_REFUSALS, PASSWORD_RESET_DONE, RESET_SENT } from "../../src/shared/account-recovery.ts";
import { PASSWORDS_DIFFER } from "../../src/shared/forms/account-recovery-fields.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { functionContext } from "../support/function-context.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, postAndFollow } from "../support/requests.ts";

vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "https://isgpb.example";
const SECRET = "account-recovery-test-secret";
const OLD_PASSWORD = "Rabi-harvest-7713";
const NEW_PASSWORD = "Monsoon-trial-4482";

const sent: SentMail[] = [];
setupMsw(resendAccepts(sent));
startBlobsServer();

/** The forgot-password and reset pages, as the site answers them. */
let pages: (request: Request) => Promise<Response>;

beforeAll(async () => {
  pages = await pageServer((path) => path === "forgot-password" || path === "reset-password");
  vi.stubEnv("SIGNING_SECRET", SECRET);
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_TIMEOUT_MS", "1000");
  vi.stubEnv("URL", ORIGIN);
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  sent.length = 0;
});

let serial = 0;
/** A confirmed account of its own for each test, with a sign-in session. */
async function member(password = OLD_PASSWORD) {
  serial++;
  const email = `kavya${serial}@example.org`;
  const account = {
    key: accountKey(email),
    email,
    name: `Kavya Rao ${serial}`,
    membership: "2",
    applicationId: `EN-A00000000${serial % 10}`,
    submissionId: `s${serial}`,
    submittedAt: new Date(Date.now() - 60_000).toISOString(),
    status: "active" as const,
    passwordHash: await hashPassword(password),
  };
  await createAccount(account);
  const session = await startSession(account.key);
  return { ...account, session };
}

let ipSerial = 0;
const freshIp = () => `198.51.100.${++ipSerial}`;

function post(path: string, body: Record<string, string>, { form = false, cookie = "" } = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: {
      "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
      "sec-fetch-site": "same-origin",
      ...(cookie ? { cookie } : {}),
    },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
}

const forgot = (email: string, ip = freshIp(), form = false) =>
  forgotFunction(post("/api/forgot-password", { email }, { form }), functionContext({}, ip));
const reset = (fields: Record<string, string>, form = false) =>
  resetFunction(post("/api/reset-password", fields, { form }), functionContext({}, freshIp()));
const signIn = (email: string, password: string) =>
  loginFunction(post("/api/login", { email, password }), functionContext({}, freshIp()));
const sessionRequest = (token: string) =>
  new Request(`${ORIGIN}/api/session`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });

/** The reset link in the last mail to `email`. */
function mailedToken(email: string): string {
  const mail = sent.findLast((m) => (m.body.to as string[]).includes(email));
  const link = /https:\/\/isgpb\.example\/reset-password\?token=(\S+)/.exec(String(mail?.body.text));
  if (!link?.[1]) throw new Error(`no reset link was mailed to ${email}`);
  return decodeURIComponent(link[1]);
}

describe("forgot password", () => {
  it("mails a link to an address with an account, and answers an unknown address the same", async () => {
    const { email } = await member();
    const known = await forgot(email);
    const unknown = await forgot("nobody-here@example.org");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual({ message: RESET_SENT });
    expect(await unknown.json()).toEqual({ message: RESET_SENT });
    expect(sent.map((m) => m.body.to)).toEqual([[email]]);
    expect(sent[0]?.body.subject).toBe("Reset your password");
    expect(String(sent[0]?.body.text)).toContain("30 minutes");
    expect(sent[0]?.idempotencyKey).toMatch(/^password-reset\//);
  });

  it("answers the page's plain form with a redirect to the page that says so, the same for any address", async () => {
    const { email } = await member();
    // Posted to the old address, the form is passed on to its page unread.
    const passedOn = await forgot(email, freshIp(), true);
    expect(passedOn.status).toBe(307);
    expect(passedOn.headers.get("location")).toBe("/forgot-password");
    expect(sent).toHaveLength(0);
    for (const address of [email, "nobody-either@example.org"]) {
      const response = await pages(formPostRequest("/forgot-password", { email: address }));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/forgot-password?status=sent");
    }
    expect(sent.map((m) => m.body.to)).toEqual([[email]]);
    const { text } = await readPage(await pages(pageRequest("/forgot-password?status=sent")));
    expect(text).toContain(RESET_SENT);
  });

  it(`allows ${ADDRESS_LIMIT} requests an hour per address and ${IP_LIMIT} per network, then 429 with Retry-After`, async () => {
    const { email } = await member();
    for (let n = 0; n < ADDRESS_LIMIT; n++) expect((await forgot(email)).status).toBe(200);
    const refused = await forgot(email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect((await refused.json()).error).toMatch(/^Too many requests .* try again in \d+ minutes\.$/);
    // An unknown address is limited alike, so the limit tells nothing.
    for (let n = 0; n < ADDRESS_LIMIT; n++) await forgot("ghost@example.org");
    expect((await forgot("ghost@example.org")).status).toBe(429);

    const ip = freshIp();
    for (let n = 0; n < IP_LIMIT; n++) expect((await forgot(`many${n}@example.org`, ip)).status).toBe(200);
    expect((await forgot("one-more@example.org", ip)).status).toBe(429);
    expect((await forgot("one-more@example.org", freshIp())).status).toBe(200);
  });

  it("takes the floor's time whether or not the address has an account", async () => {
    const { email } = await member();
    const timed = async (address: string) => {
      const start = performance.now();
      await forgot(address);
      return performance.now() - start;
    };
    const known = [await timed(email), await timed(email)];
    const unknown = [await timed("absent1@example.org"), await timed("absent2@example.org")];
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(FORGOT_ANSWER_FLOOR_MS - 5);
    const spread = Math.max(...known, ...unknown) - Math.min(...known, ...unknown);
    expect(spread / FORGOT_ANSWER_FLOOR_MS).toBeLessThan(0.1);
  });
});

describe("reset password", () => {
  it("opening the link spends nothing; a refused form spends nothing; the new password ends every session", async () => {
    const m = await member();
    await forgot(m.email);
    const token = mailedToken(m.email);
    for (let n = 0; n < 2; n++) {
      const check = await resetFunction(
        new Request(`${ORIGIN}/api/reset-password?token=${encodeURIComponent(token)}`),
        functionContext(),
      );
      expect(await check.json()).toEqual({ usable: true });
    }
    const mismatch = await reset({ token, password: NEW_PASSWORD, confirmPassword: "something-else-1" });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).fields).toEqual({ confirmPassword: PASSWORDS_DIFFER });
    const common = await reset({ token, password: "password123", confirmPassword: "password123" });
    expect((await common.json()).fields?.password).toMatch(/too common/);

    sent.length = 0;
    const done = await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ message: PASSWORD_RESET_DONE });
    expect(done.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await currentAccount(sessionRequest(m.session))).toBeNull();
    expect(sent.map((mail) => [mail.body.to, mail.body.subject])).toEqual([
      [[m.email], "Your password was changed"],
    ]);
    expect((await signIn(m.email, OLD_PASSWORD)).status).toBe(401);
    expect((await signIn(m.email, NEW_PASSWORD)).status).toBe(200);

    const again = await reset({
      token,
      password: "Another-choice-5521",
      confirmPassword: "Another-choice-5521",
    });
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe(LINK_REFUSALS.used);
    // Opened again, without JavaScript, the page says at once that the link is spent: no form (item 11).
    const { text, document } = await readPage(
      await pages(pageRequest(`/reset-password?token=${encodeURIComponent(token)}`)),
    );
    expect(text).toContain(LINK_REFUSALS.used);
    expect(document.querySelector('main input[name="password"]')).toBeNull();
  });

  it("forgives the network that set the new password its wrong guesses at the old one", async () => {
    const m = await member();
    const ip = freshIp();
    const from = (path: string, body: Record<string, string>, fn: typeof loginFunction) =>
      fn(post(path, body), functionContext({}, ip));
    for (let n = 0; n < PAIR_LIMIT; n++)
      expect(
        (await from("/api/login", { email: m.email, password: "a-wrong-guess-1" }, loginFunction)).status,
      ).toBe(401);
    expect((await from("/api/login", { email: m.email, password: OLD_PASSWORD }, loginFunction)).status).toBe(
      429,
    );
    await forgot(m.email, ip);
    const done = await from(
      "/api/reset-password",
      { token: mailedToken(m.email), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      resetFunction,
    );
    expect(done.status).toBe(200);
    expect((await from("/api/login", { email: m.email, password: NEW_PASSWORD }, loginFunction)).status).toBe(
      200,
    );
  });

  it("a link dies once the password changes by another route, and an older link dies with it", async () => {
    const m = await member();
    await forgot(m.email);
    const first = mailedToken(m.email);
    await forgot(m.email);
    const second = mailedToken(m.email);
    expect(second).not.toBe(first);
    expect(
      (await reset({ token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).status,
    ).toBe(200);
    const older = await reset({
      token: first,
      password: "Older-link-8890",
      confirmPassword: "Older-link-8890",
    });
    expect((await older.json()).error).toBe(LINK_REFUSALS.used);
    expect((await signIn(m.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("refuses expired, forged and cross-purpose tokens and changes nothing", async () => {
    const m = await member();
    const before = (await findAccount(m.email))?.passwordHash;
    const expired = await createAccountLink(m, "password-reset", { now: new Date(Date.now() - 31 * 60_000) });
    const emailChange = await createAccountLink(m, "email-change", { email: "x@example.org" });
    const approval = new URL(
      await approvalUrl(ORIGIN, SECRET, { account: m.key, application: m.applicationId }),
    ).searchParams.get("token") as string;
    const fields = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const expiredAnswer = await reset({ token: expired, ...fields });
    expect(expiredAnswer.status).toBe(410);
    expect((await expiredAnswer.json()).error).toBe(LINK_REFUSALS.expired);
    for (const token of [emailChange, approval, `${expired.split(".")[0]}.${"A".repeat(43)}`, ""]) {
      const answer = await reset({ token, ...fields });
      expect(answer.status).toBe(400);
      expect((await answer.json()).error).toBe(LINK_REFUSALS.invalid);
    }
    expect((await findAccount(m.email))?.passwordHash).toBe(before);
    expect(await currentAccount(sessionRequest(m.session))).not.toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("without JavaScript: a dead link redirects to the fresh-link page; a refusal keeps the token, not the passwords", async () => {
    const m = await member();
    const dead = await pages(
      formPostRequest("/reset-password?token=forged.token", {
        token: "forged.token",
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    );
    expect(dead.status).toBe(303);
    expect(dead.headers.get("location")).toBe("/reset-password?status=invalid");
    const deadPage = await readPage(await pages(pageRequest("/reset-password?status=invalid")));
    expect(deadPage.text).toContain(LINK_REFUSALS.invalid);
    expect(deadPage.document.querySelector('main input[name="password"]')).toBeNull();

    const token = await createAccountLink(m, "password-reset");
    const link = `/reset-password?token=${encodeURIComponent(token)}`;
    const { post, page } = await postAndFollow(pages, link, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: "Not-the-same-0001",
    });
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe(`${link}#reset-password-error-summary`);
    const { html, document } = await readPage(page);
    expect(document.querySelector<HTMLInputElement>('main input[type="hidden"][name="token"]')?.value).toBe(
      token,
    );
    expect(document.getElementById("confirmPassword-error")?.textContent).toBe(`Error: ${PASSWORDS_DIFFER}`);
    expect(html).not.toContain(NEW_PASSWORD);
    expect(html).not.toContain("Not-the-same-0001");

    const done = await pages(
      formPostRequest(link, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    );
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/login?status=password-reset");
    expect(done.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await currentAccount(sessionRequest(m.session))).toBeNull();
  });
});
