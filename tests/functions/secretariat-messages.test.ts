import { beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { readSubmission, storeSubmission } from "../../src/server/submissions.server.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { resendFails } from "../mocks/resend.ts";
import { allowConsole } from "../support/console.ts";
import { startDatabase } from "../support/database.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest } from "../support/requests.ts";
import { workspaceFunctionTests } from "../support/secretariat.ts";

// First: its tables are emptied before the office's account is made.
vi.setConfig({ hookTimeout: 60_000 });
startDatabase();
const { sent, msw: server, office, pages } = workspaceFunctionTests();

/** The ids of the contact messages stored. */
const contactIds = async () =>
  (await database().selectFrom("submissions").select("id").where("kind", "=", "contact").execute()).map(
    (row) => row.id,
  );
allowConsole("error", /delivery of submission/);

beforeAll(() => {
  vi.stubEnv("SIGNING_SECRET", "messages-test-secret");
});

describe("messages", () => {
  it("shows a contact message whose mails failed, and 'Send again' sends them once with their own keys", async () => {
    server.use(resendFails(500));
    const token = await issueFormToken("messages-test-secret", new Date(Date.now() - 60_000));
    const contactPage = await pageServer((path) => path === "contact-us");
    const before = new Set(await contactIds());
    const posted = await contactPage(
      formPostRequest("/contact-us", {
        first_name: "Asha",
        last_name: "Verma",
        email: "asha@example.org",
        message: "Where do I send the membership form?",
        form_token: token,
      }),
    );
    expect(posted.headers.get("location")).toBe("/contact-us?status=sent");
    const id = (await contactIds()).find((stored) => !before.has(stored)) ?? "";
    server.resetHandlers();
    const page = await pages(pageRequest("/secretariat/messages", office()));
    const { html, text, document } = await readPage(page);
    expect(text).toContain("Where do I send the membership form?");
    expect(text).toContain("not sent after 1 tries");
    const resend = `/secretariat/messages?kind=contact&do=resend&id=${id}`;
    expect(document.querySelector(`form[action="${resend}"] button`)?.textContent).toBe("Send again");
    // The e-mails' bodies stay on the server, in the page's data too: some carry single-use links.
    const stored = await readSubmission("contact", id);
    expect(stored?.mails.acknowledgement?.mail.text).toContain("Dear Asha,");
    expect(html).not.toContain("Dear Asha");

    const again = await pages(formPostRequest(resend, {}, office()));
    expect(again.headers.get("location")).toBe("/secretariat/messages?kind=contact&done=resent");
    const back = await readPage(
      await pages(pageRequest("/secretariat/messages?kind=contact&done=resent", office())),
    );
    expect(back.document.querySelector('main [role="status"]')?.textContent).toBe(FLASHES.resent.text);
    expect(back.document.querySelector(`form[action="${resend}"]`)).toBeNull();
    expect(sent.map((mail) => mail.idempotencyKey).sort()).toEqual([
      `contact/${id}/acknowledgement`,
      `contact/${id}/secretariat`,
    ]);
    const record = await readSubmission("contact", id);
    if (!record) throw new Error("the message is stored");
    expect(Object.values(record.mails).every((state) => state.status === "sent")).toBe(true);
    // Its audit line names the message by the time it came, in India's time as the office reads it.
    const { recentActions } = await import("../../src/server/secretariat/audit.server.ts");
    const { when } = await import("../../src/server/secretariat/display.server.ts");
    const line = (await recentActions()).find((entry) => entry.record === `contact/${id}`);
    expect(line?.summary).toContain(`of the contact message of ${when(record.receivedAt)}`);
    // A second press sends nothing more.
    const twice = await pages(formPostRequest(resend, {}, office()));
    expect(twice.headers.get("location")).toBe("/secretariat/messages?kind=contact&done=resend-nothing");
    expect(sent).toHaveLength(2);
  });

  it("answers 404 for an unknown message or action", async () => {
    for (const path of [
      `/secretariat/messages?kind=contact&do=resend&id=${"d".repeat(32)}`,
      `/secretariat/messages?kind=quarantine&do=resend&id=${"d".repeat(32)}`,
      `/secretariat/messages?kind=contact&do=delete&id=${"d".repeat(32)}`,
    ]) {
      expect((await pages(formPostRequest(path, {}, office()))).status, path).toBe(404);
    }
  });
});

describe("the office's words, not the stored codes", () => {
  it("names each kind in words, and shows a membership type by its label and a tick as Yes or No", async () => {
    const at = new Date("2026-03-04T05:06:07Z");
    await storeSubmission(
      "application-rejected",
      { applicationId: "EN-WORDS-1", reason: "No", at: at.toISOString() },
      {},
      at,
    );
    await storeSubmission("membership-activated", { applicationId: "EN-WORDS-1" }, {}, at);
    await storeSubmission(
      "enrolment",
      {
        name: "Dr. Meera Iyer",
        membership: "1",
        author: false,
        reviewer: true,
        indianLanguages: [],
        applicationId: "EN-WORDS-1",
      },
      {},
      at,
    );
    const { document } = await readPage(
      await pages(pageRequest("/secretariat/messages?kind=enrolment", office())),
    );
    const options = [...document.querySelectorAll("#kind option")].map((option) => option.textContent ?? "");
    expect(options).toEqual(
      expect.arrayContaining(["Application rejected (1)", "Enrolment application (1)"]),
    );
    expect(options.some((text) => text.startsWith("Membership active or payment received"))).toBe(true);
    for (const text of options) expect(text).not.toMatch(/[a-z]-[a-z]/);
    // The choice still asks for the stored kind, as the address always did.
    expect(
      document.querySelector<HTMLOptionElement>('#kind option[value="application-rejected"]'),
    ).not.toBeNull();

    const card = [...document.querySelectorAll("li.ws-card")].find((item) =>
      item.textContent?.includes("Dr. Meera Iyer"),
    );
    expect(card?.querySelector("h2")?.textContent).toMatch(/^Enrolment application, /);
    const rows = Object.fromEntries(
      [...(card?.querySelectorAll("dt") ?? [])].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]),
    );
    expect(rows).toMatchObject({
      "Membership Type": "Ordinary Member",
      "I am an author": "No",
      "I am a reviewer": "Yes",
    });
    // A list left empty says so, as the application mail does.
    expect(Object.entries(rows).find(([term]) => term?.includes("anguages"))?.[1]).toBe("none given");
  });

  it("names the kind it shows by default even when none of it is stored, and says there is none", async () => {
    await database().deleteFrom("submissions").where("kind", "=", "contact").execute();
    await storeSubmission("directory-correction", { fields: ["city"], details: "Pune" }, {});
    const { document, text } = await readPage(await pages(pageRequest("/secretariat/messages", office())));
    const kind = document.querySelector<HTMLSelectElement>("#kind");
    expect(kind?.selectedOptions[0]?.textContent).toBe("Contact message (0)");
    expect(text).toContain("No contact message yet.");
    expect(text).not.toContain("None yet.");
  });

  it("has a name in words for every kind the site stores", async () => {
    const { readFile } = await import("node:fs/promises");
    const { globSync } = await import("node:fs");
    const { KIND_NAMES } = await import("../../src/server/secretariat/display.server.ts");
    const kinds = new Set<string>();
    for (const file of globSync("src/server/**/*.server.ts")) {
      const text = await readFile(file, "utf8");
      for (const match of text.matchAll(/storeSubmission(?:As)?\(\s*"([a-z-]+)"/g))
        kinds.add(match[1] as string);
      for (const match of text.matchAll(/^const KIND = "([a-z-]+)"/gm)) kinds.add(match[1] as string);
    }
    expect(kinds.size).toBeGreaterThan(15);
    // A name of its own, not the code turned into words by the fallback.
    for (const kind of kinds) expect(Object.hasOwn(KIND_NAMES, kind), kind).toBe(true);
  });
});
