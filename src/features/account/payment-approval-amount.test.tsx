import { screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APPROVAL_OUTCOMES } from "#shared/account.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { PaymentApproval } from "./payment-approval-view.tsx";

afterEach(() => vi.unstubAllGlobals());

const application = {
  name: "Lakshmi Narayanan",
  email: "lakshmi@example.org",
  membership: "2",
  applicationId: "EN-00AB12CD34",
  submittedAt: "2026-11-20T06:30:00.000Z",
  status: "pending-payment",
};
const TOO_MANY = "That is more than ₹10,00,000: check the amount received";

describe("'Amount received' on the payment approval page", () => {
  it("shows what is due, sends the amount typed, and puts a refusal beside the field, as typed", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        if (init.method !== "POST")
          return Response.json({ application, due: { reference: "ISGPB-EN-00AB12CD34-L1", amount: 12_200 } });
        const body = JSON.parse(String(init.body)) as { amount: string };
        posted.push(body);
        return body.amount === "1,22,00,000"
          ? Response.json(
              {
                error: "The payment was not recorded: please correct the amount.",
                fields: { amount: TOO_MANY },
              },
              { status: 400 },
            )
          : Response.json({ status: "active", alreadyActive: false });
      }),
    );
    const { user } = renderAt(<PaymentApproval token="good.token" />);
    const amount = await screen.findByRole("textbox", { name: /Amount received/ });
    expect(amount).toHaveValue("12200");
    expect(screen.getByText(/Due: ₹12,200, payment reference ISGPB-EN-00AB12CD34-L1/)).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, "1,22,00,000");
    await user.click(screen.getByRole("button", { name: "Mark payment received" }));
    expect(await screen.findByText(TOO_MANY)).toHaveAttribute("id", "amount-error");
    expect(amount).toHaveValue("1,22,00,000");
    expect(amount).toHaveAttribute("aria-invalid", "true");
    expect(amount).toHaveFocus();
    expect(screen.queryByText(/Payment recorded/)).toBeNull();

    await user.clear(amount);
    await user.type(amount, "5000");
    await user.click(screen.getByRole("button", { name: "Mark payment received" }));
    expect(await screen.findByText(/Payment recorded/)).toBeInTheDocument();
    expect(posted).toEqual([
      { token: "good.token", amount: "1,22,00,000" },
      { token: "good.token", amount: "5000" },
    ]);
  });

  it("offers no button for a rejected application, and says why", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ application: { ...application, status: "rejected" }, due: null })),
    );
    renderAt(<PaymentApproval token="good.token" />);
    expect(await screen.findByText("Application not accepted")).toBeInTheDocument();
    expect(screen.getByText(APPROVAL_OUTCOMES.rejected)).toBeInTheDocument();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("is in the page without JavaScript, in a form with no action (it posts to the link's own address)", () => {
    const page = renderToString(
      <RouterProvider
        router={createMemoryRouter([{ path: "*", element: <PaymentApproval token={null} /> }], {
          initialEntries: ["/approve-payment"],
        })}
      />,
    );
    const form = /<form\b[^>]*>[\s\S]*?<\/form>/.exec(page)?.[0] ?? "";
    expect(form).toMatch(/^<form method="post">/);
    expect(form).toMatch(/<input[^>]*\sname="amount"[^>]*>/);
    expect(form).toContain('inputMode="numeric"');
  });
});
