import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { DEVELOPMENT_SECRET } from "../../src/server/signed-token.server.ts";
import {
  FORM_TOKEN_LIFETIME_MS,
  issueFormToken,
  screenSubmission,
} from "../../src/server/spam/form-guard.server.ts";
import { resendAccepts, type SentMail } from "../mocks/resend.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole } from "../support/console.ts";
import { startDatabase } from "../support/database.ts";
import { setupMsw } from "../support/msw.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest } from "../support/requests.ts";

// These tests run as a fresh clone does, on the development secret, which warns once.
allowConsole("warn", /^SIGNING_SECRET is unset: tokens are signed with the development secret$/);

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });
const sent: SentMail[] = [];
setupMsw(resendAccepts(sent));
startDatabase();
// The records of the sign-up's own domain that are not yet in the database.
startBlobsServer();

let pages: (request: Request) => Promise<Response>;
beforeAll(async () => {
  vi.stubEnv("SIGNING_SECRET", "");
  vi.stubEnv("RESEND_API_KEY", "re_test_key");
  pages = await pageServer((path) => path === "contact-us" || path === "sign-up");
});
beforeEach(() => {
  sent.length = 0;
});

const later = () => new Date(Date.now() + 5000);

/** The token a visit to `page` was given, written into its form. */
async function renderedToken(page: string) {
  const response = await pages(pageRequest(page));
  expect(response.status).toBe(200);
  const { document } = await readPage(response);
  const token = document.querySelector<HTMLInputElement>(
    'main form input[type="hidden"][name="form_token"]',
  )?.value;
  return { response, token: token ?? "" };
}

describe.each(["/contact-us", "/sign-up"])("the form of %s", (page) => {
  it("carries a token minted for this visit, good a few seconds later, on a page no cache keeps", async () => {
    const asked = performance.now();
    const { response, token } = await renderedToken(page);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(token).not.toBe("");
    // Minted as the page was rendered: sent at once it is too quick, and the form was opened no
    // earlier than the page was asked for (on a busy machine that can be a second or two ago);
    // a person's few seconds later, good.
    const { suspicion } = await screenSubmission({ form_token: token }, DEVELOPMENT_SECRET);
    const opened = /^sent (\d+\.\d) s after the form was opened \(under 3 s\)$/.exec(suspicion ?? "");
    expect(opened, `${suspicion}`).not.toBeNull();
    // The answer is rounded to a tenth of a second.
    expect(Number(opened?.[1])).toBeLessThanOrEqual((performance.now() - asked) / 1000 + 0.05);
    expect((await screenSubmission({ form_token: token }, DEVELOPMENT_SECRET, later())).suspicion).toBeNull();
    // Every visit gets its own, as a token is good for one submission.
    expect((await renderedToken(page)).token).not.toBe(token);
  });
});

/** The reasons of what the spam guard held back of this kind. */
async function quarantined(kind: string): Promise<string[]> {
  const rows = await database()
    .selectFrom("held_submissions")
    .select("reason")
    .where("kind", "=", kind)
    .execute();
  return rows.map((row) => row.reason);
}

describe("a page's form posted with a bad token", () => {
  let counter = 0;
  const minuteOld = () => issueFormToken(DEVELOPMENT_SECRET, new Date(Date.now() - 60_000));
  const forms = {
    "/contact-us": {
      kind: "contact",
      done: "/contact-us?status=sent",
      fields: () => ({
        first_name: "Meera",
        last_name: "Iyer",
        email: "meera@example.org",
        phone_number: "",
        message: `Question number ${++counter} about the congress`,
        reference: "",
      }),
    },
    "/sign-up": {
      kind: "enrolment",
      done: /^\/sign-up\?status=sent&id=EN-[0-9A-F]{10}&type=none$/,
      fields: () => ({
        membership: "none",
        name: `Applicant ${++counter}`,
        designation: "Reviewer",
        dob: "1979-02-14",
        gender: "Female",
        address: "Department of Genetics",
        country: "India",
        state: "West Bengal",
        city: "Kalyani",
        pincode: "741235",
        phone: "033 0000 0000",
        mobile: "90000 00042",
        email: `applicant${counter}@example.org`,
        password: "Kharif-sowing-2291",
        confirmPassword: "Kharif-sowing-2291",
        reviewer: "on",
        agreement: "on",
        areasOfInterest: "Jute genomics",
        reference: "",
      }),
    },
  } as const;

  const badTokens: [string, () => string | Promise<string>][] = [
    ["none", () => ""],
    [
      "a day-old one",
      () => issueFormToken(DEVELOPMENT_SECRET, new Date(Date.now() - FORM_TOKEN_LIFETIME_MS - 1000)),
    ],
    ["one forged with a guessed key", () => issueFormToken("guessed", new Date(Date.now() - 60_000))],
  ];
  const pagesWithForms = ["/contact-us", "/sign-up"] as const;

  it.each(pagesWithForms.flatMap((page) => badTokens.map(([what, token]) => [page, what, token] as const)))(
    "%s with %s is held back unsent, and answered as if it went",
    async (page, _, token) => {
      const form = forms[page];
      const before = (await quarantined(form.kind)).length;
      const post = await pages(formPostRequest(page, { ...form.fields(), form_token: await token() }));
      expect(post.status).toBe(303);
      expect(post.headers.get("location")).toMatch(form.done);
      expect(await quarantined(form.kind)).toHaveLength(before + 1);
      expect(sent).toHaveLength(0);
    },
  );

  it.each(["/contact-us", "/sign-up"] as const)(
    "%s with a token already used once is held back the second time",
    async (page) => {
      const form = forms[page];
      const token = await minuteOld();
      const first = await pages(formPostRequest(page, { ...form.fields(), form_token: token }));
      expect(first.headers.get("location")).toMatch(form.done);
      expect(sent.length).toBeGreaterThan(0);
      sent.length = 0;
      const replay = await pages(formPostRequest(page, { ...form.fields(), form_token: token }));
      expect(replay.headers.get("location")).toMatch(form.done);
      expect(sent).toHaveLength(0);
      expect(await quarantined(form.kind)).toContain(
        "the form token was already used for another submission",
      );
    },
  );

  it("two posts with one token at once: one is delivered, the other held back (the key decides)", async () => {
    const form = forms["/contact-us"];
    const token = await minuteOld();
    const before = (await quarantined(form.kind)).length;
    const answers = await Promise.all([
      pages(formPostRequest("/contact-us", { ...form.fields(), form_token: token })),
      pages(formPostRequest("/contact-us", { ...form.fields(), form_token: token })),
    ]);
    for (const answer of answers) expect(answer.headers.get("location")).toBe(form.done);
    expect(await quarantined(form.kind)).toHaveLength(before + 1);
    // The one delivered: its two mails, once.
    expect(sent).toHaveLength(2);
    const { count } = await database()
      .selectFrom("used_form_tokens")
      .select((row) => row.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBeGreaterThan(0);
  });
});
