import { screen, waitFor } from "@testing-library/react";
import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { APPROVAL_OUTCOMES } from "#shared/account.ts";
import type { AccountAnswer } from "#shared/api/account.ts";
import type { FormResult } from "#shared/forms/form-result.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { PaymentApproval } from "./payment-approval-view.tsx";

const application: AccountAnswer = {
  name: "Lakshmi Narayanan",
  email: "lakshmi@example.org",
  membership: "2",
  applicationId: "EN-00AB12CD34",
  submittedAt: "2026-11-20T06:30:00.000Z",
  status: "pending-payment",
};
const TOO_MANY = "That is more than ₹10,00,000: check the amount received";

describe("'Amount received' on the payment approval page", () => {
  it("shows what is due, sends the amount typed to the link's own address, and puts a refusal beside the field", async () => {
    const posted: { search: string; amount: FormDataEntryValue | null }[] = [];
    const { user } = renderAt(
      [
        {
          path: "/approve-payment",
          Component: () => (
            <PaymentApproval
              kind="application"
              application={application}
              due={{ reference: "ISGPB-EN-00AB12CD34-L1", amount: 12_200 }}
              dates={{ today: "2026-11-28", earliest: "2026-11-20" }}
            />
          ),
          action: async ({ request }: { request: Request }) => {
            const amount = (await request.formData()).get("amount");
            posted.push({ search: new URL(request.url).search, amount });
            return amount === "1,22,00,000"
              ? data<FormResult>(
                  {
                    ok: false,
                    form: "payment-approval",
                    message: "The payment was not recorded: please correct the amount.",
                    errors: { amount: TOO_MANY },
                  },
                  { status: 400 },
                )
              : redirect("/approve-payment?status=approved&id=EN-00AB12CD34");
          },
        },
      ],
      "/approve-payment?token=good.token",
    );
    const amount = screen.getByRole("textbox", { name: /Amount received/ });
    expect(amount).toHaveValue("12200");
    expect(amount).toHaveAttribute("inputMode", "numeric");
    expect(screen.getByText(/Due: ₹12,200, payment reference ISGPB-EN-00AB12CD34-L1/)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, "1,22,00,000");
    await user.click(screen.getByRole("button", { name: "Mark payment received" }));
    expect(await screen.findByText(TOO_MANY, { selector: "p" })).toHaveAttribute("id", "amount-error");
    // The summary over the form names it too, linking to the field.
    expect(screen.getByRole("link", { name: TOO_MANY })).toHaveAttribute("href", "#amount");
    expect(amount).toHaveValue("1,22,00,000");
    expect(amount).toHaveAttribute("aria-invalid", "true");
    // Focus moves in an effect after the refusal is painted, so it may land a moment later.
    await waitFor(() => expect(amount).toHaveFocus());
    expect(posted).toEqual([{ search: "?token=good.token", amount: "1,22,00,000" }]);
  });

  it("offers no button for a rejected application, and says why", () => {
    renderAt(
      <PaymentApproval
        kind="application"
        application={{ ...application, status: "rejected" }}
        due={null}
        dates={{ today: "2026-11-28", earliest: "2026-11-20" }}
      />,
    );
    expect(screen.getByText("Application not accepted")).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_OUTCOMES.rejected)).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
