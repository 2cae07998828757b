import { beforeAll, describe, expect, it, vi } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { findSubscriber } from "../../src/server/newsletter/subscribers.server.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { findHeld } from "../../src/server/secretariat/held.server.ts";
import { quarantineSubmission, readSubmission, submissionId } from "../../src/server/submissions.server.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { startDatabase } from "../support/database.ts";
import { readPage } from "../support/page-server.ts";
import { formPostRequest, pageRequest } from "../support/requests.ts";
import { OFFICE_EMAIL, workspaceFunctionTests } from "../support/secretariat.ts";

// First: its tables are emptied before the office's account is made.
vi.setConfig({ hookTimeout: 60_000 });
startDatabase();
const { sent, office, pages } = workspaceFunctionTests();

const heldPage = async (path = "/secretariat/held") => readPage(await pages(pageRequest(path, office())));

beforeAll(() => {
  vi.stubEnv("SECRETARIAT_EMAIL", "desk@example.org");
});

const message = {
  first_name: "Ravi",
  last_name: "<b>Kumar</b>",
  email: "ravi@example.org",
  phone_number: "",
  message: "Is the congress abstract deadline extended?",
};
const received = new Date("2026-02-03T10:00:00Z");

/** A press of a held submission's button on /secretariat/held, without JavaScript. */
const press = (action: string, kind: string, id: string) =>
  pages(formPostRequest(`/secretariat/held?${new URLSearchParams({ do: action, kind, id })}`, {}, office()));

describe("held back", () => {
  it("lists each held submission with its reason, escaped", async () => {
    const held = await quarantineSubmission(
      "contact",
      message,
      "the form was sent 1 s after it was opened",
      received,
    );
    const { html, document } = await heldPage();
    const card = document.querySelector("li.ws-card");
    // Its kind in words, as the Messages page says it, not the stored code.
    expect(card?.querySelector("h2")?.textContent).toMatch(/^Contact message, /);
    expect(card?.textContent).toContain("Held because: the form was sent 1 s after it was opened");
    expect(html).toContain("&lt;b&gt;Kumar&lt;/b&gt;");
    expect(html).not.toContain("<b>Kumar</b>");
    const buttons = [...(card?.querySelectorAll("form") ?? [])].map((form) => [
      form.getAttribute("action"),
      form.querySelector("button")?.textContent,
    ]);
    expect(buttons).toEqual([
      [`/secretariat/held?do=release&kind=contact&id=${held.id}`, "Not spam"],
      [`/secretariat/held?do=delete&kind=contact&id=${held.id}`, "Delete"],
    ]);
  });

  it("'Not spam' delivers a message as if it had passed: the same e-mails and idempotency keys, once", async () => {
    const held = await quarantineSubmission(
      "contact",
      { ...message, message: "Second question" },
      "honeypot filled",
      received,
    );
    const response = await pages(
      formPostRequest(`/secretariat/held?do=release&kind=contact&id=${held.id}`, {}, office()),
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/secretariat/held?done=released");
    const back = await heldPage("/secretariat/held?done=released");
    expect(back.document.querySelector('main [role="status"]')?.textContent).toBe(FLASHES.released.text);
    expect(back.text).not.toContain("Second question");
    const id = submissionId("contact", { ...message, message: "Second question" }, received);
    expect(sent.map((mail) => mail.idempotencyKey).sort()).toEqual([
      `contact/${id}/acknowledgement`,
      `contact/${id}/secretariat`,
    ]);
    expect(sent.map((mail) => mail.body.to).sort()).toEqual([["desk@example.org"], ["ravi@example.org"]]);
    expect(await readSubmission("contact", id)).toMatchObject({ kind: "contact" });
    expect(await findHeld("contact", held.id)).toBeNull();
    // Pressed again: told it was done already, and nothing more is sent.
    const onPage = await pages(
      formPostRequest(`/secretariat/held?do=release&kind=contact&id=${held.id}`, {}, office()),
    );
    expect(onPage.status).toBe(303);
    expect(onPage.headers.get("location")).toBe("/secretariat/held?done=release-already");
    expect(sent).toHaveLength(2);
    expect(
      (await recentActions()).some(
        (line) => line.action === "release" && line.record === `quarantine/contact/${held.id}`,
      ),
    ).toBe(true);
  });

  it("'Not spam' on a held Subscribe stores the address as pending and sends its confirm link, once", async () => {
    vi.stubEnv("SIGNING_SECRET", "held-test-secret");
    const request = { email: "mira@example.org" };
    const held = await quarantineSubmission("subscribe", request, "honeypot filled", received);
    const response = await press("release", "subscribe", held.id);
    expect(response.headers.get("location")).toBe("/secretariat/held?done=released");
    const id = submissionId("subscribe", request, received);
    expect(sent.map((mail) => [mail.idempotencyKey, mail.body.to])).toEqual([
      [`subscribe/${id}/confirmation`, ["mira@example.org"]],
    ]);
    expect(await findSubscriber("mira@example.org")).toMatchObject({ status: "pending" });
    expect(
      (await recentActions()).filter((line) => line.record === `quarantine/subscribe/${held.id}`),
    ).toEqual([expect.objectContaining({ action: "release", who: OFFICE_EMAIL })]);
    expect((await press("release", "subscribe", held.id)).headers.get("location")).toBe(
      "/secretariat/held?done=release-already",
    );
    expect(sent).toHaveLength(1);
  });

  it("two releases of one held submission at once: one delivers and logs, the others are told it was done", async () => {
    const held = await quarantineSubmission(
      "contact",
      { ...message, message: "Pressed twice" },
      "honeypot filled",
      received,
    );
    const page = `/secretariat/held?do=release&kind=contact&id=${held.id}`;
    const answers = await Promise.all([
      pages(formPostRequest(page, {}, office())),
      pages(formPostRequest(page, {}, office())),
      pages(formPostRequest(page, {}, office())),
    ]);
    expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([
      "/secretariat/held?done=release-already",
      "/secretariat/held?done=release-already",
      "/secretariat/held?done=released",
    ]);
    const lines = (await recentActions()).filter((line) => line.record === `quarantine/contact/${held.id}`);
    expect(lines.map((line) => line.action)).toEqual(["release"]);
    expect(sent).toHaveLength(2);
    const { count } = await database()
      .selectFrom("outbox")
      .select((row) => row.fn.countAll<string>().as("count"))
      .where(
        "submission_id",
        "=",
        submissionId("contact", { ...message, message: "Pressed twice" }, received),
      )
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(2);
    // A delete pressed after it is told the same, and deletes nothing more.
    const late = await press("delete", "contact", held.id);
    expect(late.headers.get("location")).toBe("/secretariat/held?done=release-already");
  });

  it("a Release and a Delete pressed at once: one acts, the other is told what was done", async () => {
    const held = await quarantineSubmission(
      "contact",
      { ...message, message: "Both buttons" },
      "honeypot filled",
      received,
    );
    const answers = await Promise.all([
      press("release", "contact", held.id),
      press("delete", "contact", held.id),
    ]);
    const places = answers.map((answer) => answer.headers.get("location"));
    const row = await database()
      .selectFrom("held_submissions")
      .select(["action", "data"])
      .where("id", "=", held.id)
      .executeTakeFirstOrThrow();
    if (row.action === "release") {
      expect(places).toEqual(["/secretariat/held?done=released", "/secretariat/held?done=release-already"]);
      expect(sent).toHaveLength(2);
    } else {
      expect(places).toEqual(["/secretariat/held?done=delete-already", "/secretariat/held?done=deleted"]);
      expect(row.data).toBeNull();
      expect(sent).toHaveLength(0);
    }
    const lines = (await recentActions()).filter((line) => line.record === `quarantine/contact/${held.id}`);
    expect(lines.map((line) => line.action)).toEqual([row.action]);
  });

  it("'Delete' removes it, with a line in the audit log", async () => {
    const held = await quarantineSubmission(
      "contact",
      { ...message, message: "Buy cheap seeds" },
      "a link-only message",
      received,
    );
    const response = await press("delete", "contact", held.id);
    expect(response.headers.get("location")).toBe("/secretariat/held?done=deleted");
    expect(await findHeld("contact", held.id)).toBeNull();
    expect(sent).toHaveLength(0);
    const line = (await recentActions()).find((entry) => entry.record === `quarantine/contact/${held.id}`);
    expect(line).toMatchObject({ who: OFFICE_EMAIL, action: "delete" });
    const audit = await readPage(await pages(pageRequest("/secretariat/audit", office())));
    expect(audit.document.querySelector("tbody tr")?.textContent).toContain(`quarantine/contact/${held.id}`);
  });

  it("names in its audit lines the time a held submission came in India's time, not as a raw UTC time", async () => {
    // 01:48 IST on 28 November, still the 27th in UTC.
    const late = new Date("2026-11-27T20:18:16.175Z");
    for (const [action, words] of [
      ["release", "Not spam: contact message of 28 Nov 2026, 01:48 IST delivered"],
      ["delete", "Deleted a held contact message of 28 Nov 2026, 01:48 IST"],
    ] as const) {
      const held = await quarantineSubmission(
        "contact",
        { ...message, message: `Late ${action}` },
        "too fast",
        late,
      );
      await press(action, "contact", held.id);
      const line = (await recentActions()).find((entry) => entry.record.endsWith(held.id));
      expect(line?.summary).toContain(words);
      expect(line?.summary).not.toContain("2026-11-27");
    }
  });

  it("cannot deliver an enrolment held without its password, and answers 404 for unknown ones", async () => {
    const held = await quarantineSubmission("enrolment", { name: "Someone" }, "token reused", received);
    const refused = await press("release", "enrolment", held.id);
    expect(refused.headers.get("location")).toBe("/secretariat/held?done=not-releasable");
    expect(await findHeld("enrolment", held.id)).not.toBeNull();
    // The page offers only 'Delete' for it, and a plain post of 'Not spam' comes back to the page.
    const card = [...(await heldPage()).document.querySelectorAll("li.ws-card")].find((item) =>
      item.textContent?.includes("token reused"),
    );
    expect([...(card?.querySelectorAll("button") ?? [])].map((button) => button.textContent)).toEqual([
      "Delete",
    ]);
    const plain = await pages(
      formPostRequest(`/secretariat/held?do=release&kind=enrolment&id=${held.id}`, {}, office()),
    );
    // It comes back saying why nothing was done, not as the bare list.
    expect(plain.headers.get("location")).toBe("/secretariat/held?done=not-releasable");
    expect((await heldPage("/secretariat/held?done=not-releasable")).html).toContain(
      FLASHES["not-releasable"].text,
    );
    for (const [action, kind, id] of [
      ["release", "contact", "c".repeat(32)],
      ["release", "contact", held.id],
      ["publish", "enrolment", held.id],
      ["delete", "../x", held.id],
    ] as const) {
      expect((await press(action, kind, id)).status, `${action} ${kind} ${id}`).toBe(404);
    }
    expect(await findHeld("enrolment", held.id)).not.toBeNull();
  });
});
