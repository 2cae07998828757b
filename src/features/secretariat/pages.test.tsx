import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { FLASHES } from "#shared/secretariat-flash.ts";
import { ApplicationPage, type ApplicationView } from "./application-page.tsx";
import { ApplicationsPage, type ApplicationsView } from "./applications-page.tsx";
import { ExportPage } from "./export-page.tsx";
import { HeldPage } from "./held-page.tsx";
import { IssuePage, type IssueView } from "./issue-page.tsx";
import { MailPage, MailsPage } from "./mails-page.tsx";
import { MessagesPage } from "./messages-page.tsx";
import { NewsletterPage } from "./newsletter-page.tsx";
import { OverviewPage } from "./overview-page.tsx";
import { SignInPage } from "./sign-in-page.tsx";

/** What the stub's one route shows: the page each test renders. */
let shown: ReactNode = null;
function Shown() {
  return <>{shown}</>;
}
const Stub = createRoutesStub([{ path: "*", Component: Shown, action: () => null }]);

/** A page at `url`, every address of the workspace routed to it (forms' actions answer nothing). */
function renderPage(page: ReactNode, url = "/secretariat") {
  shown = page;
  const rendered = render(<Stub initialEntries={[url]} />);
  return { user: userEvent.setup(), unmount: rendered.unmount };
}

const row = (index: number) => ({
  key: `${index}`.padStart(64, "0"),
  received: "1 Jan 2025, 14:30 IST",
  name: `Applicant ${index}`,
  email: `applicant${index}@example.org`,
  type: "Ordinary Member",
  status: "Pending payment",
  amountDue: "₹1,500",
  reference: `ISGPB-EN-${index}`,
});

describe("the applications' list", () => {
  const view: ApplicationsView = {
    query: { search: "applicant", status: "pending-payment", waiting: "" },
    decisionAfterDays: 60,
    statuses: [
      ["pending-payment", "Pending payment"],
      ["active", "Active"],
    ],
    rows: [row(1), row(2)],
    total: 52,
    page: 1,
    pages: 2,
  };

  it("is a search form of the page's own address, the search as asked, and a table of what it found", () => {
    renderPage(
      <ApplicationsPage {...view} />,
      "/secretariat/applications?q=applicant&status=pending-payment",
    );
    const search = screen.getByRole("search");
    expect(search).toHaveAttribute("method", "get");
    expect(search).toHaveAttribute("action", "/secretariat/applications");
    expect(screen.getByLabelText("Name, e-mail, member number, reference or bank reference")).toHaveValue(
      "applicant",
    );
    expect(screen.getByLabelText("Status")).toHaveValue("pending-payment");
    expect(screen.getByText("52 applications found, newest first.")).toHaveAttribute("role", "status");
    const table = screen.getByRole("region", { name: "Applications" });
    expect(table).toHaveAttribute("tabindex", "0");
    expect(within(table).getByRole("link", { name: "Applicant 2" })).toHaveAttribute(
      "href",
      `/secretariat/applications/${row(2).key}`,
    );
  });

  it("pages on with the same search", () => {
    renderPage(<ApplicationsPage {...view} />);
    const pager = screen.getByRole("navigation", { name: "Pages of applications" });
    expect(within(pager).getByText("Page 1 of 2")).toBeInTheDocument();
    expect(within(pager).getByRole("link", { name: "Next page" })).toHaveAttribute(
      "href",
      "/secretariat/applications?q=applicant&status=pending-payment&page=2",
    );
    expect(within(pager).queryByRole("link", { name: "Previous page" })).toBeNull();
  });

  it("filters those waiting for a decision with a box of the same form, and pages on with it", () => {
    renderPage(
      <ApplicationsPage {...view} query={{ ...view.query, waiting: "decision" }} />,
      "/secretariat/applications?status=pending-payment&waiting=decision",
    );
    const box = screen.getByRole("checkbox", { name: "Waiting for a decision (no payment after 60 days)" });
    expect(box).toBeChecked();
    expect(box).toHaveAttribute("name", "waiting");
    expect(box).toHaveAttribute("value", "decision");
    expect(box.closest("form")).toBe(screen.getByRole("search"));
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute(
      "href",
      "/secretariat/applications?q=applicant&status=pending-payment&waiting=decision&page=2",
    );
  });

  it("shows no table when nothing is found", () => {
    renderPage(<ApplicationsPage {...view} rows={[]} total={0} pages={1} />);
    expect(screen.getByText("0 applications found, newest first.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});

describe("one application", () => {
  const view: ApplicationView = {
    applicationKey: "f".repeat(64),
    applicationId: "EN-0A1B2C3D4E",
    record: [
      ["Status", "Pending payment"],
      ["Name", "<b>Meera</b>"],
    ],
    note: null,
    payment: null,
    rejected: null,
    pastRejections: [],
    confirmedPayments: [],
    actions: {
      first: {
        amountDue: "1500",
        today: "2026-11-27",
        earliest: "2026-11-20",
        reference: "ISGPB-EN-0A1B2C3D4E-2026-27",
      },
    },
    fields: [],
    mails: [
      {
        key: "application-rejected/0123/applicant",
        text: "Your application to meera@example.org",
        status: "failed",
        failed: true,
        lastError: "failed with 500",
      },
    ],
    history: [],
  };

  it("shows its record as text, its e-mails, and the first payment's and the rejection's forms", () => {
    renderPage(<ApplicationPage {...view} />, `/secretariat/applications/${view.applicationKey}`);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Application EN-0A1B2C3D4E");
    expect(screen.getByText("<b>Meera</b>")).toBeInTheDocument();
    expect(screen.getByText("failed")).toHaveClass("ws-failed");
    expect(screen.getByText(/\(failed with 500\)/)).toBeInTheDocument();
    expect(screen.getByText("The application's record is not stored.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Payment received" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reject" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Record the payment" })).toBeNull();
  });

  it("offers nothing to do once nothing is due, and says what was recorded", () => {
    renderPage(
      <ApplicationPage
        {...view}
        actions={null}
        payment={[["Bank reference", "UTR-0001"]]}
        confirmedPayments={[
          {
            reference: "ISGPB-EN-0A1B2C3D4E-2026-27",
            amount: "₹1,500",
            receivedOn: "26 November 2026",
            recordedOn: "27 November 2026",
            bankReference: "UTR-0001",
          },
        ]}
        history={["27 Nov 2026, 10:00 IST, office@example.org: Payment received"]}
      />,
      `/secretariat/applications/${view.applicationKey}?done=payment-recorded`,
    );
    expect(screen.getByRole("status")).toHaveTextContent(FLASHES["payment-recorded"].text);
    expect(screen.queryByRole("heading", { name: "Actions" })).toBeNull();
    const confirmed = screen.getByRole("region", { name: "Payments confirmed" });
    expect(within(confirmed).getByRole("columnheader", { name: "Bank reference" })).toBeInTheDocument();
    expect(within(confirmed).getByRole("row", { name: /ISGPB-EN-0A1B2C3D4E-2026-27/ })).toHaveTextContent(
      /₹1,500.*27 November 2026.*UTR-0001/,
    );
    expect(screen.getByText(/office@example.org: Payment received/)).toBeInTheDocument();
  });

  it("offers only 'Reopen' once rejected, and keeps the rejections it undid", () => {
    renderPage(
      <ApplicationPage
        {...view}
        actions={{ reopen: true }}
        rejected={[["Reason", "No payment after three months."]]}
        pastRejections={[
          [
            ["Reason", "Looked like a duplicate."],
            ["Reopened by", "office@example.org, 2 Dec 2026, 10:00 IST"],
          ],
        ]}
      />,
      `/secretariat/applications/${view.applicationKey}?done=reopen-not-rejected`,
    );
    expect(screen.getAllByRole("status")[0]).toHaveTextContent(FLASHES["reopen-not-rejected"].text);
    expect(screen.getByRole("button", { name: "Reopen" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reject" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Payment received" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Rejected before, then reopened" })).toBeInTheDocument();
    expect(screen.getByText("Looked like a duplicate.")).toBeInTheDocument();
  });
});

describe("held back", () => {
  it("gives each held submission its reason and buttons, 'Not spam' only where it can be delivered", () => {
    const fields: [string, string][] = [["message", "Hello"]];
    renderPage(
      <HeldPage
        items={[
          {
            kind: "contact",
            id: "c".repeat(32),
            title: "contact, 1 Jan",
            reason: "too fast",
            fields,
            releasable: true,
          },
          {
            kind: "enrolment",
            id: "e".repeat(32),
            title: "enrolment, 2 Jan",
            reason: "token reused",
            fields,
            releasable: false,
          },
        ]}
      />,
      "/secretariat/held",
    );
    const [contact, enrolment] = screen.getAllByRole("listitem");
    expect(contact).toHaveTextContent("Held because: too fast");
    expect(
      within(contact as HTMLElement)
        .getByRole("button", { name: "Not spam" })
        .closest("form"),
    ).toHaveAttribute("action", `/secretariat/held?do=release&kind=contact&id=${"c".repeat(32)}`);
    expect(within(enrolment as HTMLElement).queryByRole("button", { name: "Not spam" })).toBeNull();
    expect(
      within(enrolment as HTMLElement)
        .getByRole("button", { name: "Delete" })
        .closest("form"),
    ).toHaveAttribute("action", `/secretariat/held?do=delete&kind=enrolment&id=${"e".repeat(32)}`);
  });

  it("says when nothing is held", () => {
    renderPage(<HeldPage items={[]} />);
    expect(screen.getByText("Nothing is held back.")).toBeInTheDocument();
  });
});

describe("messages", () => {
  it("chooses the kind shown with a GET form, and offers 'Send again' only where an e-mail did not go out", () => {
    const mail = {
      name: "secretariat",
      text: "secretariat: Website message to desk@example.org",
      lastError: null,
    };
    renderPage(
      <MessagesPage
        kinds={[
          { name: "contact", label: "Contact message", count: 2 },
          { name: "enrolment", label: "Enrolment application", count: 1 },
        ]}
        kind="contact"
        mail=""
        items={[
          {
            kind: "contact",
            id: "1".repeat(32),
            title: "contact, 1 Jan",
            fields: [],
            failed: true,
            mails: [{ ...mail, status: "not sent after 5 tries", failed: true }],
          },
          {
            kind: "contact",
            id: "2".repeat(32),
            title: "contact, 2 Jan",
            fields: [],
            failed: false,
            mails: [{ ...mail, status: "sent", failed: false }],
          },
        ]}
      />,
      "/secretariat/messages",
    );
    expect(screen.getByLabelText("Kind")).toHaveValue("contact");
    expect(screen.getByRole("option", { name: "Enrolment application (1)" })).toBeInTheDocument();
    expect(screen.getByLabelText("E-mails")).toHaveValue("");
    expect(screen.getByLabelText("E-mails").closest("form")).toBe(
      screen.getByLabelText("Kind").closest("form"),
    );
    const again = screen.getAllByRole("button", { name: "Send again" });
    expect(again).toHaveLength(1);
    expect(again[0]?.closest("form")).toHaveAttribute(
      "action",
      `/secretariat/messages?kind=contact&do=resend&id=${"1".repeat(32)}`,
    );
  });
});

describe("the overview", () => {
  it("counts the work waiting, each count a link to its filtered list", () => {
    renderPage(
      <OverviewPage
        email="office@example.org"
        counts={[
          {
            key: "awaiting-decision",
            label: "Applications awaiting a decision (no payment after 60 days)",
            count: 3,
            href: "/secretariat/applications?status=pending-payment&waiting=decision",
          },
          {
            key: "mail-failed",
            label: "E-mails that failed",
            count: 0,
            href: "/secretariat/messages?mail=failed",
          },
        ]}
      />,
    );
    const work = screen.getByRole("list", { name: "Work waiting" });
    expect(
      within(work).getByRole("link", {
        name: "3 Applications awaiting a decision (no payment after 60 days)",
      }),
    ).toHaveAttribute("href", "/secretariat/applications?status=pending-payment&waiting=decision");
    expect(within(work).getByRole("link", { name: "0 E-mails that failed" })).toHaveAttribute(
      "href",
      "/secretariat/messages?mail=failed",
    );
    expect(screen.getByRole("link", { name: "Audit log" })).toHaveAttribute("href", "/secretariat/audit");
  });
});

describe("the newsletter", () => {
  it("counts the subscribers, links the list's download and composes with the field rules' checks", async () => {
    const { user } = renderPage(
      <NewsletterPage
        counts={{ confirmed: 12, pending: 3, unsubscribed: 1 }}
        issues={[
          { id: "a".repeat(20), subject: "News of the congress", written: "2026-11-01", status: "Sent" },
        ]}
      />,
      "/secretariat/newsletter",
    );
    expect(screen.getByText("12")).toHaveAttribute("data-count", "confirmed");
    expect(screen.getByRole("link", { name: "Download the list (CSV)" })).toHaveAttribute(
      "href",
      "/api/secretariat/newsletter/subscribers.csv",
    );
    expect(screen.getByRole("link", { name: "News of the congress" })).toHaveAttribute(
      "href",
      `/secretariat/newsletter/${"a".repeat(20)}`,
    );
    const link = screen.getByLabelText(/Attachment link/);
    expect(link).toHaveAttribute("type", "url");
    expect(link).toHaveAccessibleDescription(/A full https:\/\/ link/);
    await user.type(link, "not a link");
    await user.click(screen.getByRole("button", { name: "Save and preview" }));
    expect(screen.getByLabelText(/Subject/)).toHaveAccessibleDescription(/Please enter the subject/);
    expect(screen.getByLabelText(/Attachment link/)).toHaveAccessibleDescription(/starting with https:\/\//);
  });

  it("shows an issue's preview in a sandboxed frame, a test for the signed-in address, and the send while a draft", () => {
    const issue: IssueView = {
      id: "b".repeat(20),
      subject: "News of the congress",
      who: "office@example.org",
      draft: true,
      confirmed: 12,
      sending: null,
      text: "Dear members,",
    };
    const { unmount } = renderPage(<IssuePage {...issue} />, `/secretariat/newsletter/${issue.id}`);
    expect(screen.getByTitle("Preview of the issue as sent")).toHaveAttribute("sandbox", "");
    expect(screen.getByTitle("Preview of the issue as sent")).toHaveAttribute(
      "src",
      `/secretariat/newsletter/${issue.id}/html`,
    );
    expect(screen.getByText("Sends this issue to office@example.org, marked [Test].")).toBeInTheDocument();
    const send = screen
      .getByRole("button", { name: "Send to every confirmed subscriber (12)" })
      .closest("form");
    expect(send).toHaveAttribute("action", `/secretariat/newsletter/${issue.id}?do=send`);
    expect(send?.querySelector('input[name="issue"]')).toHaveValue(issue.id);
    unmount();
    renderPage(
      <IssuePage
        {...issue}
        draft={false}
        sending={{
          status: "Being sent.",
          progress: "3 copies queued: 2 sent, 1 waiting.",
          lastError: "down",
        }}
      />,
    );
    expect(screen.queryByRole("button", { name: /Send to every/ })).toBeNull();
    expect(screen.getByText("3 copies queued: 2 sent, 1 waiting.")).toBeInTheDocument();
    expect(screen.getByText(/Last problem: down\./)).toHaveClass("ws-failed");
  });
});

describe("the export", () => {
  it("is a plain GET form to the download, each refused day's error beside it", () => {
    renderPage(
      <ExportPage
        period={{ from: "2025-07-01", to: "2025-06-30" }}
        errors={{ to: "The last day must be on or after the first day" }}
        maxYears={5}
        since="2025-04-01"
        sinceError={null}
      />,
      "/secretariat/export?from=2025-07-01&to=2025-06-30",
    );
    const form = screen.getByRole("button", { name: "Download the CSV" }).closest("form");
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/api/secretariat/export/members.csv");
    expect(screen.getByRole("alert")).toHaveTextContent("Nothing was exported: check the dates.");
    expect(screen.getByLabelText("First day")).toHaveValue("2025-07-01");
    expect(screen.getByLabelText("First day")).not.toHaveAttribute("aria-invalid");
    const to = screen.getByLabelText("Last day");
    expect(to).toHaveAttribute("aria-invalid", "true");
    expect(to).toHaveAccessibleDescription(/The last day must be on or after the first day/);
  });

  it("downloads the members' own changes since a day with a GET form of its own, its error beside it", () => {
    renderPage(
      <ExportPage
        period={{ from: "2025-04-01", to: "2025-06-30" }}
        errors={{}}
        maxYears={5}
        since="2031-01-01"
        sinceError="The first day cannot be after today"
      />,
      "/secretariat/export?since=2031-01-01",
    );
    const form = screen.getByRole("button", { name: "Download the changes (CSV)" }).closest("form");
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/api/secretariat/export/changes.csv");
    const since = screen.getByLabelText("Changes since");
    expect(since).toHaveAttribute("name", "since");
    expect(since).toHaveValue("2031-01-01");
    expect(since).toHaveAttribute("aria-invalid", "true");
    expect(since).toHaveAccessibleDescription(/The first day cannot be after today/);
    expect(screen.getByRole("alert")).toHaveTextContent("Nothing was exported: check the day.");
    expect(screen.getByLabelText("First day")).not.toHaveAttribute("aria-invalid");
  });
});

describe("the e-mail templates", () => {
  const mail = {
    name: "verification",
    title: "Confirm your e-mail address",
    subject: "Confirm",
    text: "Dear Dr. Verma,",
  };

  it("lists each with its subject, its plain-text part and a link to the e-mail itself", () => {
    renderPage(<MailsPage mails={[mail]} />, "/secretariat/mails");
    const section = screen.getByRole("region", { name: "Confirm your e-mail address" });
    expect(within(section).getByRole("link", { name: /See the e-mail/ })).toHaveAttribute(
      "href",
      "/secretariat/mails/verification",
    );
    expect(within(section).getByText("Dear Dr. Verma,")).toBeInTheDocument();
  });

  it("frames one e-mail from its own sandboxed answer", () => {
    renderPage(<MailPage mail={mail} />, "/secretariat/mails/verification");
    const frame = screen.getByTitle("Confirm your e-mail address: the e-mail as sent");
    expect(frame).toHaveAttribute("src", "/secretariat/mails/verification/html");
    expect(frame).toHaveAttribute("sandbox", "");
  });
});

describe("the sign-in page", () => {
  it("asks for the address a link is mailed to, and says when one is on its way", () => {
    renderPage(<SignInPage />, "/secretariat/sign-in?done=link-sent");
    expect(screen.getByText(FLASHES["link-sent"].text)).toHaveAttribute("role", "status");
    const email = screen.getByLabelText(/E-mail address/);
    expect(email).toHaveAttribute("type", "email");
    expect(email).toHaveAttribute("autocomplete", "username");
    expect(screen.getByRole("button", { name: "E-mail me a link" }).closest("form")).toHaveAttribute(
      "action",
      "/secretariat/sign-in",
    );
  });
});
