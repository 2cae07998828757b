import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createAccountLink } from "../../src/server/account/account-links.server.ts";
import { createAccount, findAccount } from "../../src/server/account/accounts.server.ts";
import { PAIR_LIMIT } from "../../src/server/account/login-throttle.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { FORGOT_ANSWER_FLOOR_MS } from "../../src/server/account/password-recovery.server.ts";
import { ADDRESS_LIMIT, IP_LIMIT } from "../../src/server/account/recovery-throttle.server.ts";
import { currentAccount, startSession } from "../../src/server/account/sessions.server.ts";
import { approvalUrl } from "../../src/server/membership/payment-approval.server.ts";
import { LINK_REFUSALS, PASSWORD_RESET_DONE, RESET_SENT } from "../../src/shared/account-recovery.ts";
import { PASSWORDS_DIFFER } from "../../src/shared/forms/account-recovery-fields.ts";
import type { FormRefusal } from "../../src/shared/forms/form-result.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest, postAndFollow, scriptPostRequest } from "../support/requests.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const ORIGIN = "https://isgpb.example";
const SECRET = "account-recovery-test-secret";
const OLD_PASSWORD = "Rabi-harvest-7713";
const NEW_PASSWORD = "Monsoon-trial-4482";

const sent: SentMail[] = [];
setupMsw(resendAccepts(sent));
startDatabase();
// A refused plain form's flash is still kept in Blobs (src/server/forms/form-flash.server.ts).
startBlobsServer();

/** The forgot-password, reset and login pages, as the site answers them. */
let pages: Awaited<ReturnType<typeof pageServer>>;

beforeAll(async () => {
  pages = await pageServer((path) => ["forgot-password", "reset-password", "login"].includes(path));
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
  const account = await createAccount({
    email,
    name: `Kavya Rao ${serial}`,
    membership: "2",
    applicationId: `EN-A${String(serial).padStart(9, "0")}`,
    submissionId: `s${serial}`,
    submittedAt: new Date(Date.now() - 60_000).toISOString(),
    status: "active" as const,
    passwordHash: await hashPassword(password),
  });
  if (!account) throw new Error("the account was not made");
  const session = await startSession(account.key);
  return { ...account, session };
}

let ipSerial = 0;
const freshIp = () => `198.51.100.${++ipSerial}`;

/**
 * A page's form as its script posts it, from a network address of its own unless given: the
 * action's refusal (`refusal`, with its status) or where it sends the page (`redirect`).
 */
async function script(path: string, fields: Record<string, string>, ip = freshIp()) {
  const answer = await readData(await pages(scriptPostRequest(path, fields), { ip }));
  return { ...answer, refusal: answer.data as FormRefusal };
}
const forgot = (email: string, ip = freshIp()) => script("/forgot-password", { email }, ip);
const reset = (fields: Record<string, string>, ip = freshIp()) => script("/reset-password", fields, ip);
const signIn = (email: string, password: string, ip = freshIp()) => script("/login", { email, password }, ip);
/** Where a reset page's post sends a link that did nothing: its page, which says why. */
const DEAD_LINK = (reason: keyof typeof LINK_REFUSALS) => `/reset-password?status=${reason}`;
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
    expect(known.redirect).toBe("/forgot-password?status=sent");
    expect(unknown.redirect).toBe("/forgot-password?status=sent");
    expect(sent.map((m) => m.body.to)).toEqual([[email]]);
    expect(sent[0]?.body.subject).toBe("Reset your password");
    expect(String(sent[0]?.body.text)).toContain("30 minutes");
    expect(sent[0]?.idempotencyKey).toMatch(/^password-reset\//);
  });

  it("answers the page's plain form with a redirect to the page that says so, the same for any address", async () => {
    const { email } = await member();
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
    const SENT = "/forgot-password?status=sent";
    for (let n = 0; n < ADDRESS_LIMIT; n++) expect((await forgot(email)).redirect).toBe(SENT);
    const refused = await forgot(email);
    expect(refused.status).toBe(429);
    // The wait is in the sentence beside the field, and in seconds in Retry-After.
    expect(refused.refusal.message).toMatch(/^Too many requests .* try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(50 * 60);
    expect(Number(/in (\d+) minutes/.exec(refused.refusal.message)?.[1])).toBeGreaterThan(50);
    expect(refused.refusal.values).toEqual({ email });
    // An unknown address is limited alike, so the limit tells nothing.
    for (let n = 0; n < ADDRESS_LIMIT; n++) await forgot("ghost@example.org");
    expect((await forgot("ghost@example.org")).status).toBe(429);

    const ip = freshIp();
    for (let n = 0; n < IP_LIMIT; n++) expect((await forgot(`many${n}@example.org`, ip)).redirect).toBe(SENT);
    expect((await forgot("one-more@example.org", ip)).status).toBe(429);
    expect((await forgot("one-more@example.org", freshIp())).redirect).toBe(SENT);
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
      // The page's data, as its script reads it on the way there: the link still works.
      const check = await readData(
        await pages(
          pageRequest(`/reset-password.data?token=${encodeURIComponent(token)}`, undefined, {
            headers: { accept: "*/*" },
          }),
        ),
      );
      const routes = check.data as Record<string, { data?: unknown }>;
      expect(routes["routes/reset-password"]?.data).toEqual({ token, refusal: null });
    }
    const mismatch = await reset({ token, password: NEW_PASSWORD, confirmPassword: "something-else-1" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.refusal.errors).toEqual({ confirmPassword: PASSWORDS_DIFFER });
    expect(mismatch.refusal.values).toEqual({ token });
    const common = await reset({ token, password: "password123", confirmPassword: "password123" });
    expect(common.refusal.errors.password).toMatch(/too common/);

    sent.length = 0;
    const done = await reset({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(done.redirect).toBe("/login?status=password-reset");
    expect(done.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await readPage(await pages(pageRequest(done.redirect ?? "")))).text).toContain(
      PASSWORD_RESET_DONE,
    );
    expect(await currentAccount(sessionRequest(m.session))).toBeNull();
    expect(sent.map((mail) => [mail.body.to, mail.body.subject])).toEqual([
      [[m.email], "Your password was changed"],
    ]);
    expect((await signIn(m.email, OLD_PASSWORD)).status).toBe(401);
    expect((await signIn(m.email, NEW_PASSWORD)).redirect).toBe("/account");

    const again = await reset({
      token,
      password: "Another-choice-5521",
      confirmPassword: "Another-choice-5521",
    });
    expect(again.redirect).toBe(DEAD_LINK("used"));
    // Opened again, without JavaScript, the page says at once that the link is spent: no form (item 11).
    const { text, document } = await readPage(
      await pages(pageRequest(`/reset-password?token=${encodeURIComponent(token)}`)),
    );
    expect(text).toContain(LINK_REFUSALS.used);
    expect(document.querySelector('main input[name="password"]')).toBeNull();
  });

  it("used twice at the same moment, changes the password once and mails once; the other is told the link was used", async () => {
    const m = await member();
    await forgot(m.email);
    const token = mailedToken(m.email);
    sent.length = 0;
    const choices = ["Monsoon-trial-4482", "Kharif-sowing-9051"];
    const answers = await Promise.all(
      choices.map((password) => reset({ token, password, confirmPassword: password })),
    );
    const redirects = answers.map((answer) => answer.redirect);
    expect([...redirects].sort()).toEqual(["/login?status=password-reset", DEAD_LINK("used")]);
    const won = choices[redirects.indexOf("/login?status=password-reset")] ?? "";
    const lost = choices.find((password) => password !== won) ?? "";
    expect(sent.map((mail) => [mail.body.to, mail.body.subject])).toEqual([
      [[m.email], "Your password was changed"],
    ]);
    expect((await signIn(m.email, lost)).status).toBe(401);
    expect((await signIn(m.email, won)).redirect).toBe("/account");
    expect(await currentAccount(sessionRequest(m.session))).toBeNull();
  });

  it("forgives the network that set the new password its wrong guesses at the old one", async () => {
    const m = await member();
    const ip = freshIp();
    for (let n = 0; n < PAIR_LIMIT; n++)
      expect((await signIn(m.email, "a-wrong-guess-1", ip)).status).toBe(401);
    expect((await signIn(m.email, OLD_PASSWORD, ip)).status).toBe(429);
    await forgot(m.email, ip);
    const done = await reset(
      { token: mailedToken(m.email), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      ip,
    );
    expect(done.redirect).toBe("/login?status=password-reset");
    expect((await signIn(m.email, NEW_PASSWORD, ip)).redirect).toBe("/account");
  });

  it("a link dies once the password changes by another route, and an older link dies with it", async () => {
    const m = await member();
    await forgot(m.email);
    const first = mailedToken(m.email);
    await forgot(m.email);
    const second = mailedToken(m.email);
    expect(second).not.toBe(first);
    expect(
      (await reset({ token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).redirect,
    ).toBe("/login?status=password-reset");
    const older = await reset({
      token: first,
      password: "Older-link-8890",
      confirmPassword: "Older-link-8890",
    });
    expect(older.redirect).toBe(DEAD_LINK("used"));
    expect((await signIn(m.email, NEW_PASSWORD)).redirect).toBe("/account");
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
    expect((await reset({ token: expired, ...fields })).redirect).toBe(DEAD_LINK("expired"));
    for (const token of [emailChange, approval, `${expired.split(".")[0]}.${"A".repeat(43)}`, ""]) {
      const answer = await reset({ token, ...fields });
      expect(answer.redirect, token).toBe(DEAD_LINK("invalid"));
    }
    const { text } = await readPage(await pages(pageRequest(DEAD_LINK("expired"))));
    expect(text).toContain(LINK_REFUSALS.expired);
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
