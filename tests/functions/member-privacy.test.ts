import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import directoryFunction from "../../netlify/functions/directory.ts";
import directoryMember from "../../netlify/functions/directory-member.ts";
import myDataFunction from "../../netlify/functions/member-data.ts";
import sessionFunction from "../../netlify/functions/session.ts";
import type { loader as entryLoader } from "../../src/app/routes/account-directory-entry.tsx";
import { createAccountLink } from "../../src/server/account/account-links.server.ts";
import {
  type Account,
  type AccountPayment,
  accountKey,
  createAccount,
  findAccount,
  getAccount,
} from "../../src/server/account/accounts.server.ts";
import { recordFailure } from "../../src/server/account/login-throttle.server.ts";
import { hashPassword } from "../../src/server/account/password.server.ts";
import { recordRecoveryRequest } from "../../src/server/account/recovery-throttle.server.ts";
import { startSession } from "../../src/server/account/sessions.server.ts";
import { database } from "../../src/server/db/database.server.ts";
import { hiddenFields } from "../../src/server/directory/directory-privacy.server.ts";
import { publicDirectory } from "../../src/server/directory/directory-source.server.ts";
import { memberIdOfEmail } from "../../src/server/directory/sheet-rows.server.ts";
import { membershipPanel } from "../../src/server/membership/membership-panel.server.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { storeSubmission } from "../../src/server/submissions.server.ts";
import { SECRETARIAT_NOT_CLOSED } from "../../src/shared/account-recovery.ts";
import type { FormRefusal } from "../../src/shared/forms/form-result.ts";
import { WRONG_PASSWORD } from "../../src/shared/forms/own-data-fields.ts";
import { DIRECTORY_ENTRY_OUTCOMES, NO_DIRECTORY_ENTRY } from "../../src/shared/member-privacy.ts";
import type { PublicMember } from "../../src/shared/schemas/directory.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { functionContext } from "../support/function-context.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readData, readPage } from "../support/page-server.ts";
import {
  cookieSet,
  formPostRequest,
  pageRequest,
  postAndFollow,
  scriptPostRequest,
} from "../support/requests.ts";

// scrypt runs for every account made and every password checked.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

const sent: SentMail[] = [];
setupMsw(resendAccepts(sent));
startDatabase();
// A refused plain form's flash and the audit log are still kept in Blobs (other modules' stores).
startBlobsServer();

const ORIGIN = "https://isgpb.example";
const PASSWORD = "Rabi-wheat-trial-5531";
let passwordHash = "";

/** Two members of content/directory.csv (the local directory: no Sheets configured here). */
const ACHARYA = {
  email: "Aarav.Acharya.00573@example.org",
  name: "Dr. Aarav Acharya",
  address1: "Department of Genetics and Plant Breeding, Block A",
  mobile: "+91 90000 00573",
};
const AGARWAL = { email: "aarav.agarwal.01473@example.org", name: "Dr. Aarav Agarwal" };

/** The login page and the member's own pages, as the site answers them. */
let pages: Awaited<ReturnType<typeof pageServer>>;

beforeAll(async () => {
  pages = await pageServer((path) =>
    [
      "login",
      "account",
      "account/directory-entry",
      "account/confirm-email",
      "account/my-data",
      "account/closed",
      "directory/member/:id",
    ].includes(path),
  );
  vi.stubEnv("SIGNING_SECRET", "member-privacy-test-secret");
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  vi.stubEnv("RESEND_TIMEOUT_MS", "1000");
  vi.stubEnv("SECRETARIAT_EMAIL", "secretary@example.org");
  vi.stubEnv("DIRECTORY_CACHE_SECONDS", "0");
  vi.stubEnv("GOOGLE_SHEETS_API_KEY", "");
  passwordHash = await hashPassword(PASSWORD);
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
  sent.length = 0;
});

let applications = 0;
/** An account as enrolment and payment approval leave it (its payments rows), and a session cookie for it. */
async function member(email: string, changes: Partial<Account> = {}) {
  applications++;
  const { payments = [], ...rest } = changes;
  const wanted = {
    email: email.toLowerCase(),
    name: `Member ${applications}`,
    membership: "2",
    applicationId: `EN-00000000${String(applications).padStart(2, "0")}`,
    submissionId: "",
    submittedAt: "2025-04-02T10:00:00.000Z",
    status: "active" as const,
    activatedAt: "2025-04-09T10:00:00.000Z",
    passwordHash,
    ...rest,
  };
  const { submission } = await storeSubmission(
    "enrolment",
    { email: wanted.email, name: wanted.name, applicationId: wanted.applicationId },
    {},
  );
  // An address a test signed in with before keeps its account, as enrolling it again would.
  const made =
    (await createAccount({ ...wanted, submissionId: submission.id })) ?? (await findAccount(email));
  if (!made) throw new Error(`no account was made for ${email}`);
  await addPayments(made.key, payments);
  const account = (await getAccount(made.key)) as Account;
  const cookie = `${SESSION_COOKIE}=${await startSession(account.key)}`;
  return { account, cookie };
}

/** Confirmed payments of an account, as the secretariat's recording leaves them. */
async function addPayments(accountId: string, payments: AccountPayment[]) {
  for (const payment of payments)
    await database()
      .insertInto("payments")
      .values({
        account_id: accountId,
        reference: payment.reference,
        amount: payment.amount,
        paid_on: payment.paidOn,
        kind: payment.kind ?? null,
        confirmed_at: payment.confirmedAt,
      })
      .execute();
}

/** The stored submissions of a kind, oldest first. */
const storedOf = (kind: string) =>
  database().selectFrom("submissions").selectAll().where("kind", "=", kind).orderBy("received_at").execute();

async function directoryId(name: string): Promise<string> {
  const list = (await (
    await directoryFunction(new Request(`${ORIGIN}/api/directory`))
  ).json()) as PublicMember[];
  const found = list.find((row) => row.name === name);
  if (!found) throw new Error(`${name} is not in content/directory.csv`);
  return found.id;
}

const details = (id: string, cookie?: string) =>
  directoryMember(
    new Request(`${ORIGIN}/api/directory/${id}`, { headers: cookie ? { cookie } : {} }),
    functionContext({ id }),
  );

/**
 * A page's form as its script posts it (the directory-entry page's by its `intent`): the action's
 * refusal (with its status), or where it sends the page.
 */
async function script(
  path: string,
  fields: Record<string, string | string[]>,
  cookie?: string,
  headers: Record<string, string> = {},
) {
  const answer = await readData(await pages(scriptPostRequest(path, fields, cookie, headers)));
  return { ...answer, refusal: answer.data as FormRefusal };
}
const ENTRY = "/account/directory-entry";
const SIGN_IN_FIRST = "/login?next=%2Faccount%2Fdirectory-entry";

/** What the directory-entry page's details form holds as served: each input's name and value. */
const detailsFields = (document: Document) =>
  Object.fromEntries(
    [...document.querySelectorAll<HTMLInputElement>('form[aria-labelledby="details-title"] input')].map(
      (input) => [input.name, input.value],
    ),
  );

/**
 * The member's directory entry as their page gives it: the loader's data of
 * /account/directory-entry, as a client navigation asks for it.
 */
async function ownEntry(cookie: string) {
  const response = await pages(
    pageRequest("/account/directory-entry.data", cookie, { headers: { accept: "*/*" } }),
  );
  const { data } = await readData(response.clone());
  const routes = data as Record<string, { data?: Awaited<ReturnType<typeof entryLoader>> }>;
  return { response, view: routes["routes/account-directory-entry"]?.data?.view };
}

describe("GET /api/directory/:id: contact details for members only", () => {
  it("gives a visitor the public fields only, private and not stored, varying by cookie", async () => {
    const id = await directoryId(ACHARYA.name);
    const response = await details(id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ id, name: ACHARYA.name, contacts: "sign-in" });
    expect(JSON.stringify(body)).not.toMatch(/@|90000|Block A/);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("vary")).toBe("Cookie");
  });

  it("shows them to a signed-in member whose membership is active", async () => {
    const { cookie } = await member("viewer.active@example.org");
    const response = await details(await directoryId(ACHARYA.name), cookie);
    expect(await response.json()).toMatchObject({
      contacts: "shown",
      email: ACHARYA.email.toLowerCase(),
      mobile: ACHARYA.mobile,
      address1: ACHARYA.address1,
    });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it.each([
    ["waiting for payment", { status: "pending-payment" as const, activatedAt: undefined }],
    ["an author with no membership", { membership: "none" }],
  ])("keeps them from an account %s", async (_, changes) => {
    const { cookie } = await member(`viewer.${applications}@example.org`, changes);
    const body = await (await details(await directoryId(ACHARYA.name), cookie)).json();
    expect(body.contacts).toBe("members-only");
    expect(body).not.toHaveProperty("email");
  });

  it("keeps them from the buyer of a single copy of the journal, paid and 'active' with no end", async () => {
    const { account, cookie } = await member(`single.copy.${applications}@example.org`, { membership: "4" });
    const payment = {
      reference: `ISGPB-${account.applicationId}-2025-26`,
      amount: 1500,
      paidOn: "2025-04-09",
    };
    await addPayments(account.key, [{ ...payment, confirmedAt: "2025-04-09T10:00:00.000Z" }]);
    const body = await (await details(await directoryId(ACHARYA.name), cookie)).json();
    expect(body.contacts).toBe("members-only");
    expect(body).not.toHaveProperty("email");
    // Its own page says what was bought, not a membership with no end.
    const panel = membershipPanel(
      (await getAccount(account.key)) as Account,
      new Date("2025-05-01T00:00:00Z"),
    );
    expect(panel.period).toBe("9 April 2025, for one copy of the journal: nothing to renew");
    expect(panel.statusLine).toBe("Paid: one copy of the journal");
  });

  it("ignores a forged or ended session cookie", async () => {
    const cookie = `${SESSION_COOKIE}=${"A".repeat(43)}`;
    expect((await (await details(await directoryId(ACHARYA.name), cookie)).json()).contacts).toBe("sign-in");
  });
});

describe("/directory/member/:id: View More without JavaScript", () => {
  it("shows a visitor the public fields and a way to sign in that comes back here; a member the contacts", async () => {
    const id = await directoryId(ACHARYA.name);
    const visitor = await pages(pageRequest(`/directory/member/${id}`));
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");
    const seen = await readPage(visitor);
    expect(seen.document.querySelector("main h2")?.textContent).toBe(ACHARYA.name);
    expect(seen.html).not.toMatch(/90000|Block A|aarav\.acharya/i);
    expect(seen.document.querySelector("main a[href^='/login']")?.getAttribute("href")).toBe(
      `/login?next=${encodeURIComponent(`/directory/member/${id}`)}`,
    );

    const { cookie } = await member("viewer.page@example.org");
    const shown = await readPage(await pages(pageRequest(`/directory/member/${id}`, cookie)));
    expect(shown.text).toContain(ACHARYA.mobile);
    expect(shown.text).toContain(ACHARYA.address1);
    expect(
      shown.document.querySelector(`main a[href="mailto:${ACHARYA.email.toLowerCase()}"]`),
    ).not.toBeNull();
  });

  it("answers 404 for an id no member has, and for one that is not an id", async () => {
    expect((await pages(pageRequest("/directory/member/0000000000000000"))).status).toBe(404);
    expect((await pages(pageRequest("/directory/member/%3Cscript%3E"))).status).toBe(404);
  });
});

describe("My directory entry", () => {
  it("finds the member's own record by e-mail, ignoring case, and hides what they choose from other members at once", async () => {
    const owner = await member(ACHARYA.email);
    const viewer = await member("viewer.hides@example.org");
    const id = await directoryId(ACHARYA.name);

    const entry = await ownEntry(owner.cookie);
    expect(entry.response.headers.get("cache-control")).toBe("private, no-store");
    expect(entry.view).toMatchObject({ entry: { id, name: ACHARYA.name }, hidden: [] });

    // The page's form without JavaScript: two boxes ticked.
    const saved = await pages(
      formPostRequest(
        "/account/directory-entry",
        { intent: "privacy", hide: ["email", "address"] },
        owner.cookie,
      ),
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/account/directory-entry?status=saved");
    const page = await readPage(
      await pages(pageRequest("/account/directory-entry?status=saved", owner.cookie)),
    );
    const ticked = [...page.document.querySelectorAll<HTMLInputElement>('main input[name="hide"]')]
      .filter((box) => box.checked)
      .map((box) => box.value);
    expect(ticked).toEqual(["email", "address"]);

    const seen = await (await details(id, viewer.cookie)).json();
    expect(seen).toMatchObject({ contacts: "shown", mobile: ACHARYA.mobile });
    for (const hidden of ["email", "address1", "address2"]) expect(seen).not.toHaveProperty(hidden);
    expect((await ownEntry(owner.cookie)).view?.hidden).toEqual(["email", "address"]);

    // Nothing ticked: everything shows again.
    const cleared = await script(ENTRY, { intent: "privacy" }, owner.cookie);
    expect(cleared.redirect).toBe(`${ENTRY}?status=saved`);
    expect((await ownEntry(owner.cookie)).view?.hidden).toEqual([]);
    expect(await (await details(id, viewer.cookie)).json()).toMatchObject({
      email: ACHARYA.email.toLowerCase(),
    });
  });

  it("refuses a visitor, a cross-site post and an unknown field; changes nothing", async () => {
    const signedOut = await pages(
      formPostRequest("/account/directory-entry", { intent: "privacy", hide: "email" }),
    );
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe("/login?next=%2Faccount%2Fdirectory-entry");
    const signedOutScript = await script(ENTRY, { intent: "privacy", hide: ["email"] });
    expect(signedOutScript.redirect).toBe(SIGN_IN_FIRST);
    const { cookie } = await member(AGARWAL.email);
    const crossSite = await script(ENTRY, { intent: "privacy", hide: "email" }, cookie, {
      "sec-fetch-site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
    const wrong = await script(ENTRY, { intent: "privacy", hide: "name" }, cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.refusal.errors).toHaveProperty("hide");
    const id = await directoryId(AGARWAL.name);
    const viewer = await member("viewer.refusals@example.org");
    expect(await (await details(id, viewer.cookie)).json()).toMatchObject({ email: AGARWAL.email });
    const page = await pages(pageRequest("/account/directory-entry"));
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toMatch(/^\/login\?/);
  });

  it("stores a correction and mails it to the secretariat; one with no record asks to be added", async () => {
    const { cookie, account } = await member("not.in.directory@example.org");
    expect((await ownEntry(cookie)).view).toEqual({ entry: null, hidden: [], movedTo: null });

    const refused = await script(ENTRY, { intent: "correction", details: "" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.refusal.errors).toMatchObject({
      fields: "Please choose at least one detail",
      details: "Please write what the details should be",
    });

    const corrections = async () => (await storedOf("directory-correction")).map(({ id }) => id);
    const before = new Set(await corrections());
    const response = await script(
      ENTRY,
      {
        intent: "correction",
        fields: ["add"],
        details: "Please add me: Professor, Example Agricultural University, Pune.",
      },
      cookie,
    );
    expect(response.redirect).toBe(`${ENTRY}?status=sent`);
    const { text } = await readPage(await pages(pageRequest(response.redirect ?? "", cookie)));
    expect(text).toContain(DIRECTORY_ENTRY_OUTCOMES.sent);
    const added = (await corrections()).filter((key) => !before.has(key));
    expect(added).toHaveLength(1);
    const stored = (await storedOf("directory-correction")).find(({ id }) => id === added[0]);
    expect(stored?.data).toMatchObject({ accountEmail: account.email, memberId: null, fields: ["add"] });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body.to).toEqual(["secretary@example.org"]);
    expect(sent[0]?.body.reply_to ?? sent[0]?.body.replyTo).toBeTruthy();
    expect(String(sent[0]?.body.text)).toContain("Example Agricultural University, Pune");
    expect(String(sent[0]?.body.text)).toContain("I am not in the directory");
  });
});

describe("signing in with a return path (/login?next=…)", () => {
  it.each([
    ["/directory?member=0123456789abcdef", "/directory?member=0123456789abcdef"],
    ["https://evil.example/phish", "/account"],
    ["//evil.example/phish", "/account"],
    ["/\\evil.example", "/account"],
    ["javascript:alert(1)", "/account"],
  ])(
    "next=%s sends the login page's plain post to %s (a path elsewhere: the account page)",
    async (next, expected) => {
      const { account } = await member(`next.${applications}@example.org`);
      const response = await pages(
        formPostRequest(`/login?next=${encodeURIComponent(next)}`, {
          email: account.email,
          password: PASSWORD,
          next,
        }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(expected);
    },
  );

  it("sends the page's script to the checked path too", async () => {
    const { account } = await member(`next.script.${applications}@example.org`);
    const page = await pages(
      scriptPostRequest("/login?next=%2Faccount%2Fmy-data", {
        email: account.email,
        password: PASSWORD,
        next: "/account/my-data",
      }),
    );
    expect((await readData(page)).redirect).toBe("/account/my-data");
    expect(page.headers.get("set-cookie")).toMatch(/^__Host-isgpb_session=/);
    const evil = await pages(
      scriptPostRequest("/login", { email: account.email, password: PASSWORD, next: "//evil.example" }),
    );
    expect((await readData(evil)).redirect).toBe("/account");
  });

  it("brings a refused plain post back to the login page, the return path kept", async () => {
    const { account } = await member(`next.refused.${applications}@example.org`);
    const { post: refused, page } = await postAndFollow(pages, "/login?next=%2Faccount%2Fmy-data", {
      email: account.email,
      password: "wrong-password-1",
      next: "/account/my-data",
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/login?next=%2Faccount%2Fmy-data#login-error-summary");
    const { document, html } = await readPage(page);
    expect(document.querySelector<HTMLInputElement>('main input[name="email"]')?.value).toBe(account.email);
    expect(document.querySelector<HTMLInputElement>('main input[name="next"]')?.value).toBe(
      "/account/my-data",
    );
    expect(html).not.toContain("wrong-password-1");
    // The page's form then signs in and goes there.
    const again = await pages(
      formPostRequest(
        "/login?next=%2Faccount%2Fmy-data",
        { email: account.email, password: PASSWORD, next: "/account/my-data" },
        cookieSet(refused),
      ),
    );
    expect(again.headers.get("location")).toBe("/account/my-data");
  });

  it("is written into the login page only when it is a path on this site", async () => {
    const nextOf = async (search: string) => {
      const response = await pages(pageRequest(`/login${search}`));
      expect(response.status).toBe(200);
      const { document } = await readPage(response);
      return (
        document.querySelector<HTMLInputElement>('main form input[type="hidden"][name="next"]')?.value ?? null
      );
    };
    expect(await nextOf(`?next=${encodeURIComponent('/directory?member=ab&x="<q>')}`)).toBe(
      "/directory?member=ab&x=%22%3Cq%3E",
    );
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
    ])
      expect(await nextOf(`?next=${encodeURIComponent(bad)}`), bad).toBeNull();
  });

  it("leads a member's page opened signed out to sign in and back", async () => {
    const signedOut = await pages(pageRequest("/account/directory-entry"));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe("/login?next=%2Faccount%2Fdirectory-entry");
  });
});

describe("My data", () => {
  it("downloads everything held about the member as a JSON attachment, without a password hash or token", async () => {
    const { account, cookie } = await member("my.data@example.org", {
      verification: undefined,
      emailVerifiedAt: "2025-04-03T08:00:00.000Z",
      privacyNoticeVersion: "2026-11-27",
    });
    await storeSubmission(
      "contact",
      {
        first_name: "Other",
        last_name: "",
        email: account.email,
        phone_number: "",
        message: "A question about the congress.",
      },
      {},
    );
    await storeSubmission(
      "contact",
      {
        first_name: "Someone",
        last_name: "",
        email: "someone.else@example.org",
        phone_number: "",
        message: "Not theirs.",
      },
      {},
    );
    const response = await myDataFunction(
      new Request(`${ORIGIN}/api/account/my-data`, { headers: { cookie } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="isgpb-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({
      email: account.email,
      applicationId: account.applicationId,
      status: "active",
      privacyNoticeVersion: "2026-11-27",
    });
    expect(data.applications).toHaveLength(1);
    expect(data.payments).toEqual([
      { applicationId: account.applicationId, confirmedAt: account.activatedAt },
    ]);
    expect(
      data.submissions.contactMessages.map((m: { data: { message: string } }) => m.data.message),
    ).toEqual(["A question about the congress."]);
    expect(data.directory).toEqual({ entry: null, hiddenFromOtherMembers: [], ownChanges: null });
    expect(text).not.toMatch(/scrypt|passwordHash|nonce|token|Not theirs/i);
  });

  it("lists no payment for an author or reviewer account, active once its address was confirmed", async () => {
    const { cookie } = await member("only.an.author@example.org", {
      membership: "none",
      activatedAt: "2025-04-03T08:00:00.000Z",
    });
    const response = await myDataFunction(
      new Request(`${ORIGIN}/api/account/my-data`, { headers: { cookie } }),
    );
    expect((await response.json()).payments).toEqual([]);
  });

  it("gives the directory record and its privacy choices", async () => {
    // Made by an earlier test: the owner of the directory row.
    const owner = await findAccount(AGARWAL.email);
    if (!owner) throw new Error("the earlier test made this account");
    const cookie = `${SESSION_COOKIE}=${await startSession(owner.key)}`;
    await script(ENTRY, { intent: "privacy", hide: ["mobile"] }, cookie);
    const data = await (
      await myDataFunction(new Request(`${ORIGIN}/api/account/my-data`, { headers: { cookie } }))
    ).json();
    expect(data.directory.entry).toMatchObject({ name: AGARWAL.name, email: AGARWAL.email });
    expect(data.directory.hiddenFromOtherMembers).toEqual(["mobile"]);
  });

  it("sends a browser with no session to sign in first", async () => {
    const response = await myDataFunction(
      new Request(`${ORIGIN}/api/account/my-data`, { headers: { accept: "text/html" } }),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login?next=%2Faccount%2Fmy-data");
    const script = await myDataFunction(new Request(`${ORIGIN}/api/account/my-data`));
    expect(script.status).toBe(401);
  });
});

describe("a confirmed change of e-mail address", () => {
  it("keeps the directory entry and its hidden details with the account, and tells the secretariat", async () => {
    // A member of content/directory.csv no other test here signs in as.
    const DESHMUKH = { email: "aarav.deshmukh.01231@example.org", name: "Dr. Aarav Deshmukh" };
    const { account, cookie } = await member(DESHMUKH.email);
    const saved = await script(ENTRY, { intent: "privacy", hide: ["mobile"] }, cookie);
    expect(saved.redirect).toBe(`${ENTRY}?status=saved`);

    const newEmail = "aarav.new@example.org";
    const token = await createAccountLink(account, "email-change", { email: newEmail });
    const moved = await script(
      `/account/confirm-email?token=${encodeURIComponent(token)}`,
      { token },
      cookie,
    );
    expect(moved.redirect).toBe("/account/confirm-email?status=changed");
    const session = moved.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(session).toMatch(new RegExp(`^${SESSION_COOKIE}=.+`));
    expect((await findAccount(newEmail))?.directoryEmail).toBe(DESHMUKH.email.toLowerCase());

    // The entry is still the member's, with the choices made before, and they can still be changed.
    const answer = (await ownEntry(session)).view;
    expect(answer?.entry?.name).toBe(DESHMUKH.name);
    expect(answer?.hidden).toEqual(["mobile"]);
    const changed = await script(ENTRY, { intent: "privacy", hide: ["mobile", "email"] }, session);
    expect(changed.redirect).toBe(`${ENTRY}?status=saved`);
    expect(await hiddenFields(answer?.entry?.id ?? "")).toEqual(["mobile", "email"]);
    // Once the secretariat writes the new address into the sheet, the entry's id follows the
    // address: the choices are already kept under it.
    expect(await hiddenFields(memberIdOfEmail(newEmail))).toEqual(["mobile", "email"]);

    // The secretariat is told the directory's address is out of date.
    const notice = sent.find((mail) => (mail.body.to as string[])[0] === "secretary@example.org");
    expect(String(notice?.body.subject)).toBe(`Directory address out of date: ${DESHMUKH.name}`);
    const text = String(notice?.body.text);
    expect(text).toContain(DESHMUKH.email.toLowerCase());
    expect(text).toContain(newEmail);
    expect(text).toContain(account.applicationId);
  });
});

describe("the directory entry page after a change of e-mail address", () => {
  it("says the directory still shows the old address and that the secretariat has been asked to change it (issue 54, item 8)", async () => {
    // A member of content/directory.csv no other test here signs in as.
    const BHAT = { email: "abha.bhat.00239@example.org", name: "Dr. Abha Bhat" };
    const { account, cookie } = await member(BHAT.email);
    const before = await readPage(await pages(pageRequest("/account/directory-entry", cookie)));
    expect(before.document.querySelector("[data-directory-email]")).toBeNull();

    const newEmail = "abha.new@example.org";
    const token = await createAccountLink(account, "email-change", { email: newEmail });
    const confirmed = await pages(formPostRequest("/account/confirm-email", { token }, cookie));
    expect(confirmed.headers.get("location")).toBe("/account/confirm-email?status=changed");
    const session = cookieSet(confirmed)
      .split("; ")
      .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`) && pair.length > SESSION_COOKIE.length + 1);
    expect(session).toBeDefined();

    const { document } = await readPage(await pages(pageRequest("/account/directory-entry", session)));
    const note = document.querySelector("[data-directory-email]")?.textContent ?? "";
    expect(note).toContain(`The directory still shows your old e-mail address, ${BHAT.email}`);
    expect(note).toContain(`the secretariat has been asked to change it to ${newEmail}`);
    // The secretariat was indeed asked: the page tells the member what happened, not a hope.
    expect(sent.map((mail) => String(mail.body.subject))).toContain(
      `Directory address out of date: ${BHAT.name}`,
    );
  });
});

describe("'My details' on the directory-entry page: a member's own details", () => {
  // Members of content/directory.csv no other test here signs in as.
  const DAS = { email: "aarav.das.00271@example.org", name: "Dr. Aarav Das" };

  it("saves the change with its date, shows it to other members at once less what is hidden, and logs it", async () => {
    const { account, cookie } = await member(DAS.email);
    await script(ENTRY, { intent: "privacy", hide: ["mobile"] }, cookie);
    // Only the fields sent: a field left out stays as it is.
    const saved = await script(
      ENTRY,
      {
        intent: "details",
        position: "Principal Scientist",
        institution: "Example Institute of Millet Research",
        address1: "Millet Block, Room 4",
        mobile: "98765 00271",
      },
      cookie,
    );
    // Saved, and no name sent to the secretariat.
    expect(saved.redirect).toBe(`${ENTRY}?status=details-saved`);

    // Another active member sees the new details at once; the mobile number stays hidden.
    const viewer = await member("details.viewer@example.org");
    const id = await directoryId(DAS.name);
    const seen = (await (await details(id, viewer.cookie)).json()) as Record<string, string>;
    expect(seen).toMatchObject({
      position: "Principal Scientist",
      university: "Example Institute of Millet Research",
      address1: "Millet Block, Room 4",
      contacts: "shown",
    });
    expect(seen.mobile).toBeUndefined();
    // A visitor still sees the public fields of the sheet only.
    expect(((await (await details(id)).json()) as Record<string, string>).position).not.toBe(
      "Principal Scientist",
    );
    // The member's own page shows the entry as others see it.
    const own = (await ownEntry(cookie)).view?.entry;
    expect(own?.position).toBe("Principal Scientist");
    expect(own?.university).toBe("Example Institute of Millet Research");
    // The number typed is kept as the sheet writes numbers, not as the form stores them (+91987…).
    expect(own?.mobile).toBe("+91 98765 00271");

    const line = (await recentActions()).find((entry) => entry.record === `directory/${id}`);
    expect(line).toMatchObject({ who: account.email, action: "own-details" });
    expect(line?.summary).toContain("position, university or institution, address, mobile number");
    expect(line?.summary).not.toContain("98765");
    expect(sent).toHaveLength(0);
  });

  it("promises only what happens: View More shows a change at once, the list and the site search follow the secretariat's directory (issue 54, item 9)", async () => {
    // A member of content/directory.csv no other test here signs in as.
    const BHAT = { email: "abha.bhat.00895@example.org", position: "Emeritus Scientist" };
    const { cookie } = await member(BHAT.email);
    const page = await readPage(await pages(pageRequest("/account/directory-entry", cookie)));
    const fields = detailsFields(page.document);
    const saved = await pages(
      formPostRequest("/account/directory-entry", { ...fields, position: "Principal Scientist" }, cookie),
    );
    expect(saved.headers.get("location")).toBe("/account/directory-entry?status=details-saved");

    // View More, for a member who sees contact details: the change at once.
    const id = memberIdOfEmail(BHAT.email);
    const viewer = await member("position.viewer@example.org");
    const more = await readPage(await pages(pageRequest(`/directory/member/${id}`, viewer.cookie)));
    expect(more.document.querySelector("main")?.textContent).toContain("Principal Scientist");
    // The list (its prerendered pages and GET /api/directory) and the site search's index are made
    // from the secretariat's directory alone: the position there is the sheet's until it changes.
    const listed = (await publicDirectory().members()).find((row) => row.id === id);
    expect(listed?.position).toBe(BHAT.position);

    // So the page says where the change shows at once and where it follows, and nothing more.
    const after = await readPage(
      await pages(pageRequest("/account/directory-entry?status=details-saved", cookie)),
    );
    const promises = [
      after.document.querySelector('[role="status"]')?.textContent ?? "",
      after.document.querySelector('form[aria-labelledby="details-title"] > p')?.textContent ?? "",
    ];
    for (const promise of promises) {
      expect(promise).not.toMatch(/Other members see (the change|them) at once/);
      expect(promise).toContain("View More");
      expect(promise).toMatch(/list and the site search .*after the secretariat/);
    }
  });

  it("sends a new name to the secretariat instead of changing it", async () => {
    const { cookie } = await member("aarav.das.02070@example.org");
    const saved = await script(ENTRY, { intent: "details", name: "Dr. Aarav K. Das" }, cookie);
    expect(saved.redirect).toBe(`${ENTRY}?status=details-name-sent`);
    expect((await ownEntry(cookie)).view?.entry?.name).toBe("Dr. Aarav Das");
    expect(sent.map((mail) => mail.body.to)).toEqual([["secretary@example.org"]]);
    expect(String(sent[0]?.body.text)).toContain("Dr. Aarav K. Das");
  });

  it("is the directory-entry page's own form: sent as it came it changes nothing; a change is saved; a refusal comes back as typed", async () => {
    const { cookie } = await member("aarav.gill.01814@example.org");
    const page = await readPage(await pages(pageRequest("/account/directory-entry", cookie)));
    const fields = detailsFields(page.document);
    expect(fields).toMatchObject({
      intent: "details",
      position: "Research Associate",
      mobile: "+91 90000 01814",
      name: "",
    });
    // Sent back as it came (the sheet's "+91 90000 01814" is the number the form stores): nothing changes.
    const unchanged = await pages(formPostRequest("/account/directory-entry", fields, cookie));
    expect(unchanged.headers.get("location")).toBe("/account/directory-entry?status=details-unchanged");
    expect((await recentActions()).some((line) => line.summary.includes("Dr. Aarav Gill"))).toBe(false);

    const saved = await pages(
      formPostRequest("/account/directory-entry", { ...fields, city: "Jammu" }, cookie),
    );
    expect(saved.headers.get("location")).toBe("/account/directory-entry?status=details-saved");
    const after = await readPage(
      await pages(pageRequest("/account/directory-entry?status=details-saved", cookie)),
    );
    expect(after.document.querySelector('[role="status"]')?.textContent).toBe(
      DIRECTORY_ENTRY_OUTCOMES["details-saved"],
    );
    expect(after.document.querySelector<HTMLInputElement>("#details-city")?.value).toBe("Jammu");

    const { page: refused } = await postAndFollow(
      pages,
      "/account/directory-entry",
      { ...fields, mobile: "call me", position: "Senior Research Associate" },
      cookie,
    );
    const { document } = await readPage(refused);
    expect(document.querySelector<HTMLInputElement>("#details-mobile")?.value).toBe("call me");
    expect(document.querySelector<HTMLInputElement>("#details-position")?.value).toBe(
      "Senior Research Associate",
    );
    expect(document.querySelector("#details-mobile-error")?.textContent).toContain("phone number");
  });

  it("refuses a bad mobile number beside the field, an account with no entry, and a visitor", async () => {
    const { cookie } = await member("aarav.das.02070@example.org");
    const bad = await script(ENTRY, { intent: "details", mobile: "call me" }, cookie);
    expect(bad.status).toBe(400);
    expect(bad.refusal.errors.mobile).toBeTruthy();
    expect(bad.refusal.values).toMatchObject({ mobile: "call me" });
    const stranger = await member("no.entry.details@example.org");
    const none = await script(ENTRY, { intent: "details", city: "Pune" }, stranger.cookie);
    expect(none.status).toBe(404);
    expect(none.refusal.message).toBe(NO_DIRECTORY_ENTRY);
    const visitor = await pages(
      formPostRequest("/account/directory-entry", { intent: "details", city: "Pune" }),
    );
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toBe("/login?next=%2Faccount%2Fdirectory-entry");
  });
});

describe("closing an account (the my-data page's form)", () => {
  it("refuses a wrong password beside the field, closing nothing", async () => {
    const { account, cookie } = await member("closing.wrong@example.org");
    const response = await script("/account/my-data", { password: "not-my-password" }, cookie);
    expect(response.status).toBe(400);
    expect(response.refusal).toMatchObject({
      message: WRONG_PASSWORD,
      errors: { password: WRONG_PASSWORD },
      values: {},
    });
    expect(await findAccount(account.email)).not.toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("does not close a secretariat account: its address comes off the site's list instead", async () => {
    const { account, cookie } = await member("closing.office@example.org", { role: "secretariat" });
    const response = await script("/account/my-data", { password: PASSWORD }, cookie);
    expect(response.status).toBe(403);
    expect(response.refusal.message).toBe(SECRETARIAT_NOT_CLOSED);
    expect(await findAccount(account.email)).not.toBeNull();
    expect(sent).toHaveLength(0);
  });

  it("deletes the account, all its sessions and throttle entries, keeps the application and the membership's record, and tells the secretariat", async () => {
    const payment = {
      reference: "ISGPB-EN-0000000077-L1",
      kind: "instalment",
      paidOn: "2025-04-08",
      amount: 2000,
      confirmedAt: "2025-04-09T10:00:00.000Z",
    } as const;
    const { account, cookie } = await member("closing.member@example.org", { payments: [payment] });
    const otherSession = `${SESSION_COOKIE}=${await startSession(account.key)}`;
    const bystander = await member("closing.bystander@example.org");
    // Sign-in failures are counted under the address's hash, as a sign-in with it is.
    const addressKey = accountKey(account.email);
    await recordFailure("198.51.100.9", addressKey);
    // A forgotten-password request and an e-mail change to this address: records keyed by the address.
    await recordRecoveryRequest("password-reset", account.email, "198.51.100.9");
    await recordRecoveryRequest("email-change", account.email, "198.51.100.10");
    const throttleKeys = async () =>
      (await database().selectFrom("throttle_events").select("bucket").execute())
        .map(({ bucket }) => bucket)
        .filter((bucket) => bucket.includes(addressKey));
    expect(await throttleKeys()).toHaveLength(4);

    // The my-data page's form, without JavaScript.
    const response = await pages(formPostRequest("/account/my-data", { password: PASSWORD }, cookie));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/account/closed");
    expect(response.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`));

    expect(await findAccount(account.email)).toBeNull();
    expect(await throttleKeys()).toEqual([]);
    // The membership's record stays for the workspace, marked closed, with no password in it.
    const kept = await getAccount(account.key);
    expect(kept).toMatchObject({
      applicationId: account.applicationId,
      payments: [payment],
      passwordHash: "",
    });
    expect(Date.parse(kept?.closedAt ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect(
      await database().selectFrom("sessions").selectAll().where("account_id", "=", account.key).execute(),
    ).toEqual([]);
    for (const old of [cookie, otherSession]) {
      const session = await sessionFunction(
        new Request(`${ORIGIN}/api/session`, { headers: { cookie: old } }),
      );
      expect(await session.json()).toEqual({ signedIn: false });
    }
    const stillThere = await sessionFunction(
      new Request(`${ORIGIN}/api/session`, { headers: { cookie: bystander.cookie } }),
    );
    expect((await stillThere.json()).signedIn).toBe(true);

    const enrolments = await storedOf("enrolment");
    expect(
      enrolments.some(
        (record) => (record.data as { applicationId?: string }).applicationId === account.applicationId,
      ),
    ).toBe(true);

    const to = (address: string) => sent.find((mail) => (mail.body.to as string[]).includes(address));
    expect(sent).toHaveLength(2);
    expect(String(to("secretary@example.org")?.body.text)).toContain(account.applicationId);
    expect(String(to("secretary@example.org")?.body.subject)).toContain(account.name);
    // The member is told too, at the address the account had: what went, and that the membership stays.
    expect(to(account.email)?.body.subject).toBe("Your ISGPB website account is closed");
    expect(String(to(account.email)?.body.text)).toContain("Your membership is not changed by this");
    expect(String(to(account.email)?.body.text)).toContain(`${ORIGIN}/sign-up`);
    // Enrolling again makes a new application (decision 0037): the mail says so, and promises no return of this one.
    expect(String(to(account.email)?.body.text)).toContain("that is a new application");
  });

  it("sends a visitor to sign in", async () => {
    const response = await pages(formPostRequest("/account/my-data", { password: PASSWORD }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/login?next=%2Faccount%2Fmy-data");
    const fromScript = await script("/account/my-data", { password: PASSWORD });
    expect(fromScript.redirect).toBe("/login?next=%2Faccount%2Fmy-data");
  });
});
