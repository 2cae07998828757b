import { beforeAll, describe, expect, it, vi } from "vitest";
import contactFunction from "../../netlify/functions/contact.ts";
import messagesFunction from "../../netlify/functions/secretariat-messages.ts";
import pagesFunction from "../../netlify/functions/secretariat-pages.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { type Submission, submissions } from "../../src/server/submissions.server.ts";
import { resendFails } from "../mocks/resend.ts";
import { allowConsole } from "../support/console.ts";
import { functionContext } from "../support/function-context.ts";
import {
  formPostRequest,
  jsonPostRequest,
  pageRequest,
  workspaceFunctionTests,
} from "../support/secretariat.ts";

const { sent, msw: server, office } = workspaceFunctionTests();
allowConsole("error", /delivery of submission/);

beforeAll(() => {
  vi.stubEnv("SIGNING_SECRET", "messages-test-secret");
});

describe("messages", () => {
  it("shows a contact message whose mails failed, and 'Send again' sends them once with their own keys", async () => {
    server.use(resendFails(500));
    const token = await issueFormToken("messages-test-secret", new Date(Date.now() - 60_000));
    const posted = await contactFunction(
      jsonPostRequest("/api/contact", {
        first_name: "Asha",
        last_name: "Verma",
        email: "asha@example.org",
        message: "Where do I send the membership form?",
        form_token: token,
      }),
      functionContext(),
    );
    const { id } = (await posted.json()) as { id: string };
    server.resetHandlers();
    const page = await pagesFunction(pageRequest("/secretariat/messages", office()));
    const html = await page.text();
    expect(html).toContain("Where do I send the membership form?");
    expect(html).toContain("not sent after 1 tries");
    expect(html).toContain(`action="/api/secretariat/messages/contact/${id}/resend"`);

    const path = `/api/secretariat/messages/contact/${id}/resend`;
    const again = await messagesFunction(formPostRequest(path, {}, office()));
    expect(again.headers.get("location")).toBe("/secretariat/messages?kind=contact&done=resent");
    expect(sent.map((mail) => mail.idempotencyKey).sort()).toEqual([
      `contact/${id}/acknowledgement`,
      `contact/${id}/secretariat`,
    ]);
    const record = (await submissions().get(`contact/${id}`, { type: "json" })) as Submission<unknown>;
    expect(Object.values(record.mails).every((state) => state.status === "sent")).toBe(true);
    const twice = await messagesFunction(jsonPostRequest(path, {}, office()));
    expect(await twice.json()).toEqual({ outcome: "resend-nothing" });
    expect(sent).toHaveLength(2);
  });

  it("answers 404 for an unknown message or action", async () => {
    for (const path of [
      `/api/secretariat/messages/contact/${"d".repeat(32)}/resend`,
      `/api/secretariat/messages/quarantine/${"d".repeat(32)}/resend`,
      `/api/secretariat/messages/contact/${"d".repeat(32)}/delete`,
    ]) {
      expect((await messagesFunction(jsonPostRequest(path, {}, office()))).status, path).toBe(404);
    }
  });
});
