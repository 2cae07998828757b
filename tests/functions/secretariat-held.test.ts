import { beforeAll, describe, expect, it, vi } from "vitest";
import heldFunction from "../../netlify/functions/secretariat-held.ts";
import pagesFunction from "../../netlify/functions/secretariat-pages.ts";
import { recentActions } from "../../src/server/secretariat/audit.server.ts";
import { findHeld } from "../../src/server/secretariat/held.server.ts";
import { quarantineSubmission, submissionId, submissions } from "../../src/server/submissions.server.ts";
import {
  formPostRequest,
  jsonPostRequest,
  OFFICE_EMAIL,
  pageRequest,
  workspaceFunctionTests,
} from "../support/secretariat.ts";

const { sent, office } = workspaceFunctionTests();

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

describe("held back", () => {
  it("lists each held submission with its reason, escaped", async () => {
    await quarantineSubmission("contact", message, "the form was sent 1 s after it was opened", received);
    const page = await pagesFunction(pageRequest("/secretariat/held", office()));
    const html = await page.text();
    expect(html).toContain("the form was sent 1 s after it was opened");
    expect(html).toContain("&lt;b&gt;Kumar&lt;/b&gt;");
    expect(html).toContain(">Not spam</button>");
  });

  it("'Not spam' delivers a message as if it had passed: the same e-mails and idempotency keys, once", async () => {
    const held = await quarantineSubmission(
      "contact",
      { ...message, message: "Second question" },
      "honeypot filled",
      received,
    );
    const path = `/api/secretariat/held/contact/${held.id}/release`;
    const response = await heldFunction(formPostRequest(path, {}, office()));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/secretariat/held?done=released");
    const id = submissionId("contact", { ...message, message: "Second question" }, received);
    expect(sent.map((mail) => mail.idempotencyKey).sort()).toEqual([
      `contact/${id}/acknowledgement`,
      `contact/${id}/secretariat`,
    ]);
    expect(sent.map((mail) => mail.body.to).sort()).toEqual([["desk@example.org"], ["ravi@example.org"]]);
    expect(await submissions().get(`contact/${id}`, { type: "json" })).toMatchObject({ kind: "contact" });
    expect(await findHeld("contact", held.id)).toBeNull();
    // Pressed again: told it was done already, and nothing more is sent.
    const again = await heldFunction(jsonPostRequest(path, {}, office()));
    expect(await again.json()).toEqual({ outcome: "release-already" });
    expect(sent).toHaveLength(2);
    expect(
      (await recentActions()).some(
        (line) => line.action === "release" && line.record === `quarantine/contact/${held.id}`,
      ),
    ).toBe(true);
  });

  it("two releases of one held submission at once: one delivers and logs, the others are told it was done", async () => {
    const held = await quarantineSubmission(
      "contact",
      { ...message, message: "Pressed twice" },
      "honeypot filled",
      received,
    );
    const path = `/api/secretariat/held/contact/${held.id}/release`;
    const answers = await Promise.all([
      heldFunction(formPostRequest(path, {}, office())),
      heldFunction(formPostRequest(path, {}, office())),
      heldFunction(formPostRequest(path, {}, office())),
    ]);
    expect(answers.map((answer) => answer.headers.get("location")).sort()).toEqual([
      "/secretariat/held?done=release-already",
      "/secretariat/held?done=release-already",
      "/secretariat/held?done=released",
    ]);
    const lines = (await recentActions()).filter((line) => line.record === `quarantine/contact/${held.id}`);
    expect(lines.map((line) => line.action)).toEqual(["release"]);
    expect(sent).toHaveLength(2);
    // A delete pressed after it is told the same, and deletes nothing more.
    const late = await heldFunction(
      jsonPostRequest(`/api/secretariat/held/contact/${held.id}/delete`, {}, office()),
    );
    expect(await late.json()).toEqual({ outcome: "release-already" });
  });

  it("'Delete' removes it, with a line in the audit log", async () => {
    const held = await quarantineSubmission(
      "contact",
      { ...message, message: "Buy cheap seeds" },
      "a link-only message",
      received,
    );
    const response = await heldFunction(
      jsonPostRequest(`/api/secretariat/held/contact/${held.id}/delete`, {}, office()),
    );
    expect(await response.json()).toEqual({ outcome: "deleted" });
    expect(await findHeld("contact", held.id)).toBeNull();
    expect(sent).toHaveLength(0);
    const line = (await recentActions()).find((entry) => entry.record === `quarantine/contact/${held.id}`);
    expect(line).toMatchObject({ who: OFFICE_EMAIL, action: "delete" });
    const audit = await pagesFunction(pageRequest("/secretariat/audit", office()));
    expect(await audit.text()).toContain(`quarantine/contact/${held.id}`);
  });

  it("cannot deliver an enrolment held without its password, and answers 404 for unknown ones", async () => {
    const held = await quarantineSubmission("enrolment", { name: "Someone" }, "token reused", received);
    const refused = await heldFunction(
      jsonPostRequest(`/api/secretariat/held/enrolment/${held.id}/release`, {}, office()),
    );
    expect(refused.status).toBe(409);
    expect(await findHeld("enrolment", held.id)).not.toBeNull();
    for (const path of [
      `/api/secretariat/held/contact/${"c".repeat(32)}/release`,
      `/api/secretariat/held/contact/${held.id}/release`,
      `/api/secretariat/held/enrolment/${held.id}/publish`,
      "/api/secretariat/held/../x/delete",
    ]) {
      expect((await heldFunction(jsonPostRequest(path, {}, office()))).status, path).toBe(404);
    }
    expect(await findHeld("enrolment", held.id)).not.toBeNull();
  });
});
