import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { type ActionFunctionArgs, createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { FormResult } from "#shared/forms/form-result.ts";
import { PaymentReceivedForm, RecordPaymentForm, RejectForm, ReopenForm } from "./payment-forms.tsx";

const KEY = "a".repeat(64);
const due = {
  amountDue: "1500",
  today: "2026-11-27",
  earliest: "2026-11-20",
  reference: "ISGPB-EN-0A1B2C3D4E-2026-27",
};

/**
 * A form on its application's page, its posts answered by `answer` as the page's action would
 * (a refusal as data, or a redirect); what the action was sent is kept in `posted`.
 */
let shown: ReactNode = null;
let answer: (fields: Record<string, string>) => FormResult | Response = () => new Response();
const posted: { url: string; fields: Record<string, string> }[] = [];
function Shown() {
  return <>{shown}</>;
}
const Stub = createRoutesStub([
  {
    path: "/secretariat/applications/:key",
    Component: Shown,
    async action({ request }: ActionFunctionArgs) {
      const fields = Object.fromEntries(
        [...(await request.formData())].map(([name, value]) => [name, String(value)]),
      );
      posted.push({ url: request.url, fields });
      return answer(fields);
    },
  },
]);

function renderForm(form: ReactNode, answerWith: typeof answer) {
  shown = form;
  answer = answerWith;
  posted.length = 0;
  render(<Stub initialEntries={[`/secretariat/applications/${KEY}`]} />);
  return { user: userEvent.setup(), posted };
}

describe("'Payment received'", () => {
  it("starts with the amount due and today's date, and names the reference to look for", () => {
    renderForm(<PaymentReceivedForm applicationKey={KEY} due={due} />, () => new Response());
    const form = screen.getByRole("button", { name: "Payment received" }).closest("form");
    expect(form).toHaveAttribute("action", `/secretariat/applications/${KEY}?do=payment`);
    expect(form).toHaveAttribute("method", "post");
    expect(screen.getByLabelText(/Amount received/)).toHaveValue("1500");
    expect(screen.getByLabelText(/Amount received/)).toHaveAttribute("inputmode", "numeric");
    expect(screen.getByLabelText(/Date received/)).toHaveValue("2026-11-27");
    expect(screen.getByText(due.reference)).toBeInTheDocument();
  });

  it("says what the amount expects, and keeps the date between the application's day and today in India", async () => {
    const { user, posted } = renderForm(
      <PaymentReceivedForm applicationKey={KEY} due={due} />,
      () => new Response(),
    );
    expect(screen.getByLabelText(/Amount received/)).toHaveAccessibleDescription("Whole rupees, e.g. 1,500");
    const date = screen.getByLabelText(/Date received/);
    expect(date).toHaveAttribute("max", "2026-11-27");
    expect(date).toHaveAttribute("min", "2026-11-20");
    await user.type(screen.getByLabelText(/Bank reference/), "UTR-1");
    for (const [day, problem] of [
      ["2030-01-01", "The date received cannot be after today, 27 November 2026 in India"],
      ["2026-11-19", "The date received cannot be before the application was made, on 20 November 2026"],
    ]) {
      await user.clear(date);
      await user.type(date, day as string);
      await user.click(screen.getByRole("button", { name: "Payment received" }));
      expect(date).toHaveAccessibleDescription(new RegExp(`^Error: ?${problem}$`));
    }
    expect(posted).toEqual([]);
    // No box about the life fee for an application that is not a life membership's.
    expect(screen.queryByLabelText(/completes the life membership fee/)).toBeNull();
  });

  it("for a life application, can mark the payment as the whole life fee", async () => {
    const { user, posted } = renderForm(
      <PaymentReceivedForm applicationKey={KEY} due={{ ...due, life: true }} />,
      () => new Response(),
    );
    await user.type(screen.getByLabelText(/Bank reference/), "UTR-3");
    await user.click(screen.getByLabelText("This payment completes the life membership fee"));
    await user.click(screen.getByRole("button", { name: "Payment received" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.fields).toMatchObject({ completesFee: "on", bankReference: "UTR-3" });
  });

  it("says what is missing beside its field before anything is sent", async () => {
    const { user, posted } = renderForm(
      <PaymentReceivedForm applicationKey={KEY} due={due} />,
      () => new Response(),
    );
    await user.click(screen.getByRole("button", { name: "Payment received" }));
    const bank = screen.getByLabelText(/Bank reference/);
    expect(bank).toHaveAttribute("aria-invalid", "true");
    expect(bank).toHaveAccessibleDescription(/Enter the bank's reference for the payment/);
    expect(bank).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it("posts to the page's action and shows its refusal beside the field, keeping what was typed", async () => {
    const { user, posted } = renderForm(<PaymentReceivedForm applicationKey={KEY} due={due} />, () => ({
      ok: false,
      form: "payment",
      message: "The payment was not recorded: please correct the highlighted fields.",
      errors: { amount: "That is more than ₹10,00,000: check the amount received" },
    }));
    const amount = screen.getByLabelText(/Amount received/);
    await user.clear(amount);
    await user.type(amount, "20,00,000");
    await user.type(screen.getByLabelText(/Bank reference/), "UTR-1");
    await user.click(screen.getByRole("button", { name: "Payment received" }));
    expect(await screen.findByText(/That is more than ₹10,00,000/, { selector: "p" })).toHaveAttribute(
      "id",
      "amount-error",
    );
    // The summary over the form names it too, linking to the field.
    expect(screen.getByRole("link", { name: /That is more than ₹10,00,000/ })).toHaveAttribute(
      "href",
      "#amount",
    );
    expect(screen.getByRole("status")).toHaveTextContent("The payment was not recorded");
    expect(screen.getByLabelText(/Amount received/)).toHaveValue("20,00,000");
    // Focus moves in an effect after the refusal is painted, so it may land a moment later.
    await waitFor(() => expect(screen.getByLabelText(/Amount received/)).toHaveFocus());
    expect(posted).toEqual([
      {
        url: `http://localhost/secretariat/applications/${KEY}?do=payment`,
        fields: { amount: "20,00,000", date: "2026-11-27", bankReference: "UTR-1" },
      },
    ]);
  });
});

describe("'Reject'", () => {
  it("needs the reason the applicant will be sent", async () => {
    const { user, posted } = renderForm(<RejectForm applicationKey={KEY} />, () => new Response());
    expect(screen.getByRole("button", { name: "Reject" }).closest("form")).toHaveAttribute(
      "action",
      `/secretariat/applications/${KEY}?do=reject`,
    );
    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(screen.getByLabelText(/Reason/)).toHaveAccessibleDescription(/Give the reason/);
    expect(posted).toEqual([]);
  });

  it("asks for a confirmation before rejecting, and sends it with the reason", async () => {
    const { user, posted } = renderForm(<RejectForm applicationKey={KEY} />, () => new Response());
    await user.type(screen.getByLabelText(/Reason/), "No payment reached the society.");
    await user.click(screen.getByRole("button", { name: "Reject" }));
    const confirm = screen.getByRole("checkbox", { name: /Yes, reject this application/ });
    expect(confirm).toBeRequired();
    expect(confirm).toHaveAccessibleDescription(/Confirm that you want to reject this application/);
    expect(posted).toEqual([]);
    await user.click(confirm);
    await user.click(screen.getByRole("button", { name: "Reject" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.fields).toEqual({ reason: "No payment reached the society.", confirm: "yes" });
  });
});

describe("two forms on one page", () => {
  it("leave no refusal of one standing once the other has done its work and moved the page on", async () => {
    const refusal: FormResult = {
      ok: false,
      form: "payment",
      message: "Please correct the highlighted fields.",
      errors: { amount: "The amount received must be at least ₹1" },
    };
    const { user } = renderForm(
      <>
        <PaymentReceivedForm applicationKey={KEY} due={due} />
        <RejectForm applicationKey={KEY} />
      </>,
      (fields) =>
        "reason" in fields
          ? new Response(null, {
              status: 303,
              headers: { Location: `/secretariat/applications/${KEY}?done=rejected` },
            })
          : refusal,
    );
    await user.type(screen.getByLabelText(/Bank reference/), "UTR-1");
    await user.click(screen.getByRole("button", { name: "Payment received" }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Amount received/)).toHaveAccessibleDescription(/must be at least ₹1/),
    );
    await user.type(screen.getByLabelText(/Reason/), "No payment reached the society.");
    await user.click(screen.getByRole("checkbox", { name: /Yes, reject this application/ }));
    await user.click(screen.getByRole("button", { name: "Reject" }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Amount received/)).not.toHaveAccessibleDescription(/must be at least ₹1/),
    );
  });
});

describe("'Reopen'", () => {
  it("is one press, posted to the page's reopen action", async () => {
    const { user, posted } = renderForm(<ReopenForm applicationKey={KEY} />, () => new Response());
    await user.click(screen.getByRole("button", { name: "Reopen" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.url).toBe(`http://localhost/secretariat/applications/${KEY}?do=reopen`);
  });
});

describe("'Record a payment'", () => {
  it("offers the payments due now, the first chosen with its amount", () => {
    renderForm(
      <RecordPaymentForm
        applicationKey={KEY}
        due={{
          choices: [
            { reference: "ISGPB-M-0A1B2C3D4E-2027-28", text: "ISGPB-M-0A1B2C3D4E-2027-28: renewal 2027-28" },
          ],
          first: { reference: "ISGPB-M-0A1B2C3D4E-2027-28", amountDue: "₹1,000", amount: "1000" },
          today: "2026-11-27",
          earliest: "2025-06-01",
        }}
      />,
      () => new Response(),
    );
    expect(screen.getByLabelText(/Payment/, { selector: "select" })).toHaveValue(
      "ISGPB-M-0A1B2C3D4E-2027-28",
    );
    expect(screen.getByLabelText(/Amount received/)).toHaveValue("1000");
    expect(screen.getByText(/amount due: ₹1,000/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Record the payment" }).closest("form")).toHaveAttribute(
      "action",
      `/secretariat/applications/${KEY}?do=record-payment`,
    );
  });

  it("for a late life instalment, asks why it is accepted, and offers to mark it as completing the fee", async () => {
    const { user, posted } = renderForm(
      <RecordPaymentForm
        applicationKey={KEY}
        due={{
          choices: [{ reference: "ISGPB-M-0A1B2C3D4E-L3", text: "ISGPB-M-0A1B2C3D4E-L3: instalment, late" }],
          first: { reference: "ISGPB-M-0A1B2C3D4E-L3", amountDue: "to be announced", amount: "" },
          today: "2026-11-27",
          earliest: "2025-06-01",
          instalment: true,
          late: true,
        }}
      />,
      () => new Response(),
    );
    await user.type(screen.getByLabelText(/Amount received/), "2,200");
    await user.type(screen.getByLabelText(/Bank reference/), "UTR-9");
    await user.click(screen.getByRole("button", { name: "Record the payment" }));
    expect(screen.getByLabelText(/Why it is accepted late/)).toHaveAccessibleDescription(
      /Give the reason this late instalment is accepted/,
    );
    expect(posted).toEqual([]);
    await user.type(screen.getByLabelText(/Why it is accepted late/), "Sent on the last day.");
    await user.click(screen.getByLabelText("This payment completes the life membership fee"));
    await user.click(screen.getByRole("button", { name: "Record the payment" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.fields).toMatchObject({ lateReason: "Sent on the last day.", completesFee: "on" });
  });

  it("moves on when the action answers with the page again", async () => {
    const { user } = renderForm(
      <RecordPaymentForm
        applicationKey={KEY}
        due={{
          choices: [{ reference: "R-1", text: "R-1: renewal" }],
          first: { reference: "R-1", amountDue: "₹1,000", amount: "1000" },
          today: "2026-11-27",
          earliest: "2025-06-01",
        }}
      />,
      () =>
        new Response(null, {
          status: 302,
          headers: { Location: `/secretariat/applications/${KEY}?done=membership-payment-recorded` },
        }),
    );
    await user.type(screen.getByLabelText(/Bank reference/), "UTR-2");
    await user.click(screen.getByRole("button", { name: "Record the payment" }));
    // The page came back (a new location): the form starts again, empty.
    await waitFor(() => expect(screen.getByLabelText(/Bank reference/)).toHaveValue(""));
  });
});
