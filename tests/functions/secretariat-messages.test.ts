import { beforeAll, describe, expect, it, vi } from "vitest";
import contactFunction from "../../netlify/functions/contact.ts";
import messagesFunction from "../../netlify/functions/secretariat-messages.ts";
import { issueFormToken } from "../../src/server/spam/form-guard.server.ts";
import { type Submission, submissions } from "../../src/server/submissions.server.ts";
import { FLASHES } from "../../src/shared/secretariat-flash.ts";
import { resendFails } from "../mocks/resend.ts";
import { allowConsole } from "../support/console.ts";
import { functionContext } from "../support/function-context.ts";
import { readPage } from "../support/page-server.ts";
import { formPostRequest, jsonPostRequest, pageRequest } from "../support/requests.ts";
import { workspaceFunctionTests } from "../support/secretariat.ts";

const { sent, msw: server, office, pages } = workspaceFunctionTests();
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
    const page = await pages(pageRequest("/secretariat/messages", office()));
    const { html, text, document } = await readPage(page);
    expect(text).toContain("Where do I send the membership form?");
    expect(text).toContain("not sent after 1 tries");
    const resend = `/secretariat/messages?kind=contact&do=resend&id=${id}`;
    expect(document.querySelector(`form[action="${resend}"] button`)?.textContent).toBe("Send again");
    // The e-mails' bodies stay on the server, in the page's data too: some carry single-use links.
    const stored = (await submissions().get(`contact/${id}`, { type: "json" })) as Submission<unknown>;
    expect(stored.mails.acknowledgement?.mail.text).toContain("Dear Asha,");
    expect(html).not.toContain("Dear Asha");

    const path = `/api/secretariat/messages/contact/${id}/resend`;
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
    for (const path of [
      `/secretariat/messages?kind=contact&do=resend&id=${"d".repeat(32)}`,
      `/secretariat/messages?kind=quarantine&do=resend&id=${"d".repeat(32)}`,
      `/secretariat/messages?kind=contact&do=delete&id=${"d".repeat(32)}`,
    ]) {
      expect((await pages(formPostRequest(path, {}, office()))).status, path).toBe(404);
    }
  });
});
