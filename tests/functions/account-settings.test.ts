import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  accountKey,
  createAccount,
  findAccount,
  getAccount,
  updateAccount,
} from "../../src/server/account/accounts.server.ts";
import { PAIR_LIMIT } from "../../src/server/account/login-throttle.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { currentAccount, startSession } from "../../src/server/account/sessions.server.ts";
import {
  EMAIL_CHANGE_SENT,
  EMAIL_CHANGED,
  LINK_REFUSALS,
  PASSWORD_CHANGED,
  SECRETARIAT_ADDRESS_FIXED,
} from "../../src/shared/account-recovery.ts";
import { WRONG_CURRENT_PASSWORD } from "../../src/shared/forms/account-recovery-fields.ts";
import type { FormRefusal } from "../../src/shared/forms/form-result.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import {
  cookieSet,
  formPostRequest,
  pageRequest,
  postAndFollow,
  scriptPostRequest,
} from "../support/requests.ts";

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const ORIGIN = "https://isgpb.example";
const OLD_PASSWORD = "Rabi-harvest-7713";
const NEW_PASSWORD = "Monsoon-trial-4482";
const sent: SentMail[] = [];
setupMsw(resendAccepts(sent));
startDatabase();
// A refused plain form's flash is still kept in Blobs (src/server/forms/form-flash.server.ts).
startBlobsServer();

/** The settings page, the page a new address's link opens, and the login page, as the site answers them. */
let pages: Awaited<ReturnType<typeof pageServer>>;

beforeAll(async () => {
  pages = await pageServer((path) => ["account/settings", "account/confirm-email", "login"].includes(path));
  vi.stubEnv("SIGNING_SECRET", "account-settings-test-secret");
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_TIMEOUT_MS", "1000");
  vi.stubEnv("URL", ORIGIN);
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  sent.length = 0;
});

let serial = 0;
async function member() {
  serial++;
  const email = `farhan${serial}@example.org`;
  const account = await createAccount({
    email,
    name: `Farhan Ali ${serial}`,
    membership: "2",
    applicationId: `EN-B${String(serial).padStart(9, "0")}`,
    submissionId: `s${serial}`,
    submittedAt: new Date(Date.now() - 60_000).toISOString(),
    status: "active" as const,
    passwordHash: await hashPassword(OLD_PASSWORD),
  });
  if (!account) throw new Error("the account was not made");
  return { ...account, here: await startSession(account.key), elsewhere: await startSession(account.key) };
}

const cookie = (token: string) => `${SESSION_COOKIE}=${token}`;
const cookieOf = ({ headers }: { headers: Headers }) =>
  /__Host-isgpb_session=([\w-]{43})/.exec(headers.get("set-cookie") ?? "")?.[1] ?? "";
const signedIn = async (token: string) =>
  currentAccount(new Request(`${ORIGIN}/`, { headers: { cookie: cookie(token) } }));

const ip = "192.0.2.40";
/** A page's form as its script posts it: the action's refusal (with its status), or where it sends the page. */
async function script(path: string, fields: Record<string, string>, session = "", from = ip) {
  const request = scriptPostRequest(path, fields, session ? cookie(session) : undefined);
  const answer = await readData(await pages(request, { ip: from }));
  return { ...answer, refusal: answer.data as FormRefusal };
}
const changePassword = (session: string, fields: Record<string, string>) =>
  script("/account/settings", { intent: "change-password", ...fields }, session);
const changeEmail = (session: string, fields: Record<string, string>) =>
  script("/account/settings", { intent: "change-email", ...fields }, session);
const confirm = (token: string, session = "") =>
  script(`/account/confirm-email?token=${encodeURIComponent(token)}`, { token }, session, "192.0.2.41");
const signIn = (email: string, password: string, from = "192.0.2.42") =>
  script("/login", { email, password }, "", from);

describe("the settings page", () => {
  it("sends a visitor without a session to sign in and back to the page, whether asked for the page or its data", async () => {
    // After a session ends, the page's script asks for /account/settings.data: the way back is the page's.
    const page = await pages(pageRequest("/account/settings?tab=email"));
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/login?next=%2Faccount%2Fsettings%3Ftab%3Demail");
    const data = await readData(
      await pages(pageRequest("/account/settings.data?_routes=routes%2Faccount-settings")),
    );
    expect(data.redirect).toBe("/login?next=%2Faccount%2Fsettings");
  });
});

describe("change password", () => {
  it("needs the current password; keeps this session, ends the others, and tells the member", async () => {
    const m = await member();
    const wrong = await changePassword(m.here, {
      currentPassword: "not-it-at-all",
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.refusal.errors).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });

    const done = await changePassword(m.here, {
      currentPassword: OLD_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(done.redirect).toBe("/account/settings?status=password-changed");
    expect((await signedIn(cookieOf(done)))?.key).toBe(m.key);
    expect(await signedIn(m.elsewhere)).toBeNull();
    expect(await signedIn(m.here)).toBeNull();
    expect(sent.map((mail) => mail.body.subject)).toEqual(["Your password was changed"]);
    expect((await signIn(m.email, NEW_PASSWORD)).redirect).toBe("/account");
  });

  it("sent twice at the same moment, changes the password once: the other finds its current password gone", async () => {
    const m = await member();
    const answers = await Promise.all(
      ["Monsoon-trial-4482", "Kharif-sowing-9051"].map((password) =>
        changePassword(m.here, { currentPassword: OLD_PASSWORD, password, confirmPassword: password }),
      ),
    );
    expect(answers.map((answer) => String(answer.redirect ?? answer.status)).sort()).toEqual([
      "/account/settings?status=password-changed",
      "400",
    ]);
    expect(answers.find((answer) => answer.status === 400)?.refusal.errors).toEqual({
      currentPassword: WRONG_CURRENT_PASSWORD,
    });
    expect(sent.map((mail) => mail.body.subject)).toEqual(["Your password was changed"]);
  });

  it("counts a wrong current password toward the sign-in throttle", async () => {
    const m = await member();
    const wrong = { currentPassword: "guess-guess-1", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    for (let n = 0; n < PAIR_LIMIT; n++) expect((await changePassword(m.here, wrong)).status).toBe(400);
    const refused = await changePassword(m.here, { ...wrong, currentPassword: OLD_PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.refusal.message).toMatch(/try again/i);
    expect((await signIn(m.email, OLD_PASSWORD, ip)).status).toBe(429);
  });

  it("without JavaScript: success comes back to the settings page with a new session; no session goes to sign in", async () => {
    const fields = {
      intent: "change-password",
      currentPassword: OLD_PASSWORD,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    const signedOut = await pages(formPostRequest("/account/settings", fields));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe("/login?next=%2Faccount%2Fsettings");
    const m = await member();
    const done = await pages(formPostRequest("/account/settings", fields, cookie(m.here)));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/account/settings?status=password-changed");
    expect(cookieOf(done)).toMatch(/^[\w-]{43}$/);
    expect(await signedIn(m.here)).toBeNull();
    const page = await pages(pageRequest("/account/settings?status=password-changed", cookieSet(done)));
    expect(page.status).toBe(200);
    expect((await readPage(page)).text).toContain(PASSWORD_CHANGED);
  });

  it("without JavaScript: a wrong current password comes back beside its field on the member's own page", async () => {
    const m = await member();
    const { post, page } = await postAndFollow(
      pages,
      "/account/settings",
      {
        intent: "change-password",
        currentPassword: "not-it-at-all-1",
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      },
      cookie(m.here),
    );
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/account/settings#change-password-error-summary");
    expect(page.status).toBe(200);
    const { html, document } = await readPage(page);
    expect(document.querySelector("main h1")?.textContent).toBe("Account settings");
    const current = document.querySelector<HTMLInputElement>('main input[name="currentPassword"]');
    expect(current?.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("currentPassword-error")?.textContent).toBe(
      `Error: ${WRONG_CURRENT_PASSWORD}`,
    );
    expect(html).not.toContain("not-it-at-all-1");
    expect(html).not.toContain(NEW_PASSWORD);
    // The e-mail form beside it is left as it was.
    expect(document.getElementById("emailPassword-error")).toBeNull();
  });
});

describe("change e-mail address", () => {
  const confirmToken = (to: string) => {
    const mail = sent.findLast((m) => (m.body.to as string[]).includes(to));
    const link = /\/account\/confirm-email\?token=(\S+)/.exec(String(mail?.body.text));
    if (!link?.[1]) throw new Error(`no confirmation link was mailed to ${to}`);
    return decodeURIComponent(link[1]);
  };

  it("mails a link to the new address and a note to the old; the link moves the account once", async () => {
    const m = await member();
    const newEmail = `moved-${serial}@example.org`;
    const asked = await changeEmail(m.here, { email: newEmail, emailPassword: OLD_PASSWORD });
    expect(asked.redirect).toBe("/account/settings?status=email-sent");
    const told = await readPage(await pages(pageRequest(asked.redirect ?? "", cookie(m.here))));
    expect(told.text).toContain(EMAIL_CHANGE_SENT);
    expect(sent.map((mail) => [mail.body.to, mail.body.subject]).sort()).toEqual([
      [[m.email], "A change of your e-mail address was asked for"],
      [[newEmail], "Confirm your new e-mail address"],
    ]);
    const token = confirmToken(newEmail);
    expect(await findAccount(m.email)).not.toBeNull(); // nothing moves until the link is used

    sent.length = 0;
    const done = await confirm(token, m.here);
    expect(done.redirect).toBe("/account/confirm-email?status=changed");
    expect((await readPage(await pages(pageRequest(done.redirect ?? "")))).text).toContain(EMAIL_CHANGED);
    // The account keeps its id; its old address is history, and no open account has it.
    expect(await findAccount(m.email)).toBeNull();
    expect((await findAccount(newEmail))?.key).toBe(m.key);
    expect((await getAccount(accountKey(m.email)))?.email).toBe(newEmail);
    expect((await signedIn(cookieOf(done)))?.email).toBe(newEmail);
    expect(await signedIn(m.elsewhere)).toBeNull();
    expect(sent.map((mail) => [mail.body.to, mail.body.subject])).toEqual([
      [[m.email], "Your e-mail address was changed"],
    ]);
    expect((await signIn(newEmail, OLD_PASSWORD)).redirect).toBe("/account");

    // Used once: a second use says so (decision 0013), and moves nothing.
    const again = await confirm(token);
    expect(again.redirect).toBe("/account/confirm-email?status=used");
    expect((await readPage(await pages(pageRequest(again.redirect ?? "")))).text).toContain(
      LINK_REFUSALS.used,
    );
  });

  it("confirmed twice at the same moment, moves the account once and tells the old address once", async () => {
    const m = await member();
    const newEmail = `raced-${serial}@example.org`;
    await changeEmail(m.here, { email: newEmail, emailPassword: OLD_PASSWORD });
    const token = confirmToken(newEmail);
    sent.length = 0;
    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.redirect).sort()).toEqual([
      "/account/confirm-email?status=changed",
      "/account/confirm-email?status=used",
    ]);
    expect(sent.map((mail) => [mail.body.to, mail.body.subject])).toEqual([
      [[m.email], "Your e-mail address was changed"],
    ]);
    expect((await findAccount(newEmail))?.key).toBe(m.key);
  });

  it("moves nothing when another account has taken the address since the link was sent", async () => {
    const m = await member();
    const other = await member();
    const newEmail = `taken-${serial}@example.org`;
    await changeEmail(m.here, { email: newEmail, emailPassword: OLD_PASSWORD });
    const token = confirmToken(newEmail);
    // The other member moves to that address first.
    await changeEmail(other.here, { email: newEmail, emailPassword: OLD_PASSWORD });
    expect((await confirm(confirmToken(newEmail))).redirect).toBe("/account/confirm-email?status=changed");
    sent.length = 0;
    expect((await confirm(token)).redirect).toBe("/account/confirm-email?status=used");
    expect((await findAccount(m.email))?.key).toBe(m.key);
    expect((await findAccount(newEmail))?.key).toBe(other.key);
    expect(await signedIn(m.here)).not.toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("answers an address that has an account as if it worked, tells its owner, and changes nothing", async () => {
    const m = await member();
    const other = await member();
    sent.length = 0;
    const asked = await changeEmail(m.here, { email: other.email, emailPassword: OLD_PASSWORD });
    expect(asked.redirect).toBe("/account/settings?status=email-sent");
    expect(sent.map((mail) => [mail.body.to, mail.body.subject])).toEqual([
      [[other.email], "Your e-mail address was not changed"],
    ]);
    expect(String(sent[0]?.body.text)).not.toContain(m.email);
    expect((await findAccount(m.email))?.key).toBe(m.key);
  });

  it("needs the current password and a different address", async () => {
    const m = await member();
    const wrong = await changeEmail(m.here, {
      email: "elsewhere@example.org",
      emailPassword: "nope-nope-1",
    });
    expect(wrong.refusal.errors).toEqual({ emailPassword: WRONG_CURRENT_PASSWORD });
    expect(wrong.refusal.values).toEqual({ email: "elsewhere@example.org" });
    const same = await changeEmail(m.here, { email: m.email.toUpperCase(), emailPassword: OLD_PASSWORD });
    expect(same.refusal.errors.email).toBe("That is already your e-mail address");
    expect(sent).toHaveLength(0);
  });

  it("keeps a secretariat account at its listed address: the list is where that changes", async () => {
    const m = await member();
    await updateAccount(m.key, { role: "secretariat" });
    const response = await changeEmail(m.here, {
      email: "elsewhere@example.org",
      emailPassword: OLD_PASSWORD,
    });
    expect(response.status).toBe(403);
    expect(response.refusal.errors).toEqual({ email: SECRETARIAT_ADDRESS_FIXED });
    expect(sent).toHaveLength(0);
    expect((await findAccount(m.email))?.key).toBe(m.key);
    // Its settings page says so where the form would be, and keeps the password form.
    const { document } = await readPage(await pages(pageRequest("/account/settings", cookie(m.here))));
    expect(document.querySelector('form[aria-labelledby="change-email-title"]')).toBeNull();
    expect(document.querySelector('section[aria-labelledby="change-email-title"]')?.textContent).toContain(
      SECRETARIAT_ADDRESS_FIXED,
    );
    expect(document.querySelector('form[aria-labelledby="change-password-title"]')).not.toBeNull();
  });
});
