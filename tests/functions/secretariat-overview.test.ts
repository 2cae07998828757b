import { describe, expect, it } from "vitest";
import { database } from "../../src/server/db/database.server.ts";
import { readQuery } from "../../src/server/secretariat/applications.server.ts";
import {
  findSubmission,
  sendAgain,
  submissionsWithMail,
} from "../../src/server/secretariat/messages.server.ts";
import { workCounts } from "../../src/server/secretariat/overview.server.ts";
import {
  deliverPending,
  MAX_MAIL_ATTEMPTS,
  quarantineSubmission,
  storeSubmission,
} from "../../src/server/submissions.server.ts";
import { resendFails } from "../mocks/resend.ts";
import { storeRecords } from "../support/membership-records.ts";
import { readPage } from "../support/page-server.ts";
import { pageRequest } from "../support/requests.ts";
import { makeAccount, workspaceFunctionTests } from "../support/secretariat.ts";

const { msw, pages, office } = workspaceFunctionTests();

const DAY = 86_400_000;
const mail = { to: ["someone@example.org"], subject: "Hello", html: "<p>Hi</p>", text: "Hi" };

describe("the secretariat's work at a glance", () => {
  it("counts what waits for someone, each with the list and filter that shows it", async () => {
    const now = new Date("2026-11-27T06:00:00Z");
    const submitted = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString();
    await makeAccount("new.applicant@example.org", { submittedAt: submitted(3) });
    await makeAccount("old.applicant@example.org", { submittedAt: submitted(90) });
    const renewing = await makeAccount("renewing@example.org", {
      status: "active",
      submittedAt: submitted(500),
    });
    await storeRecords(renewing.key, {
      payments: [
        {
          reference: `ISGPB-${renewing.applicationId}-2025-26`,
          amount: 1200,
          paidOn: "2025-06-10",
          confirmedAt: "2025-06-10T06:00:00.000Z",
        },
      ],
    });
    const owing = await makeAccount("owing@example.org", { status: "active", submittedAt: submitted(800) });
    await storeRecords(owing.key, {
      remindedOn: { "2026-27": "2026-04-01" },
      payments: [
        {
          reference: `ISGPB-${owing.applicationId}-2025-26`,
          amount: 1200,
          paidOn: "2025-05-10",
          confirmedAt: "2025-05-10T06:00:00.000Z",
        },
      ],
    });
    await makeAccount("author@example.org", {
      membership: "none",
      status: "active",
      submittedAt: submitted(90),
    });
    await quarantineSubmission("contact", { first_name: "Spam" }, "honeypot filled");
    // One mail waiting for the retry job, one given up on after its last try.
    await storeSubmission("contact", { n: 1 }, { secretariat: mail });
    msw.use(resendFails(500));
    const { submission } = await storeSubmission("contact", { n: 2 }, { secretariat: mail });
    await database()
      .updateTable("outbox")
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .where("submission_kind", "=", "contact")
      .where("submission_id", "=", submission.id)
      .execute();
    await deliverPending(submission);

    const counts = Object.fromEntries((await workCounts(now)).map((count) => [count.key, count]));
    expect(counts["awaiting-payment"]).toMatchObject({
      count: 2,
      href: "/secretariat/applications?status=pending-payment",
    });
    expect(counts["awaiting-decision"]).toMatchObject({
      count: 1,
      href: "/secretariat/applications?status=pending-payment&waiting=decision",
    });
    expect(counts["renewal-due"]).toMatchObject({
      count: 1,
      href: "/secretariat/applications?status=renewal-due",
    });
    expect(counts["in-arrears"]).toMatchObject({
      count: 1,
      href: "/secretariat/applications?status=in-arrears",
    });
    expect(counts.held).toMatchObject({ count: 1, href: "/secretariat/held" });
    expect(counts["mail-failed"]).toMatchObject({ count: 1, href: "/secretariat/messages?mail=failed" });
    expect(counts["mail-pending"]?.count).toBeGreaterThanOrEqual(1);
    expect(await submissionsWithMail("failed")).toEqual([`contact/${submission.id}`]);

    // The overview shows each count as a link to its list; each list shows what its link counts.
    const overview = await readPage(await pages(pageRequest("/secretariat", office())));
    const link = (href: string) => overview.document.querySelector(`main a[href="${href}"]`);
    expect(link("/secretariat/messages?mail=failed")?.textContent).toBe("1 E-mails that failed");
    expect(link("/secretariat/held")?.textContent).toBe("1 Submissions held back");
    const failedList = await readPage(
      await pages(pageRequest("/secretariat/messages?mail=failed", office())),
    );
    expect(failedList.document.querySelectorAll("main li.ws-card")).toHaveLength(1);
    // Each field under its form's label, never its key.
    const heldPage = await readPage(await pages(pageRequest("/secretariat/held", office())));
    expect(heldPage.text).toContain("First name");
    expect(heldPage.text).not.toContain("first_name");

    // 'Send again' gives the mail its tries back: it has failed no longer.
    msw.resetHandlers();
    await sendAgain(
      (await findSubmission("contact", submission.id)) as NonNullable<
        Awaited<ReturnType<typeof findSubmission>>
      >,
      "office@example.org",
    );
    expect(await submissionsWithMail("failed")).toEqual([]);

    // The list understands each filter.
    expect(readQuery(new URLSearchParams("status=pending-payment&waiting=decision"))).toMatchObject({
      status: "pending-payment",
      waiting: "decision",
    });
    const waiting = await readPage(
      await pages(pageRequest("/secretariat/applications?status=pending-payment&waiting=decision", office())),
    );
    const names = [...waiting.document.querySelectorAll("main tbody tr td:nth-child(3)")].map(
      (cell) => cell.textContent,
    );
    expect(names).toContain("old.applicant@example.org");
    expect(names).not.toContain("new.applicant@example.org");
  });
});
