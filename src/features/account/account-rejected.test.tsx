import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { MembershipPanelData } from "#shared/api/membership.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { AccountView } from "./account-view.tsx";
import { MembershipPanel } from "./membership-panel.tsx";

const rejected = {
  name: "Lakshmi Narayanan",
  email: "lakshmi@example.org",
  membership: "1",
  applicationId: "EN-00AB12CD34",
  submittedAt: "2026-11-20T06:30:00.000Z",
  status: "rejected" as const,
};

const panel: MembershipPanelData = {
  title: "Membership and payment",
  typeLabel: "Membership type",
  type: "Ordinary Member",
  status: "rejected",
  statusLine: "Application not accepted",
  lifeFee: null,
  payments: [],
  period: null,
  note: null,
  rejection: {
    applicationId: "EN-00AB12CD34",
    on: "21 November 2026",
    reason: ["The payment received does not match any application.", "Please write to us."],
  },
  due: null,
};

describe("the account page of a rejected application", () => {
  it("says the application was not accepted, not that a payment is pending, with the reason given", () => {
    renderAt(
      <>
        <AccountView account={rejected} />
        <MembershipPanel panel={panel} />
      </>,
      "/account",
    );
    expect(screen.getAllByText("Application not accepted")).not.toHaveLength(0);
    expect(screen.queryByText(/Pending payment/)).toBeNull();
    expect(screen.queryByText(/What to pay next/)).toBeNull();
    expect(screen.queryByText(/Member number/)).toBeNull();
    expect(screen.getByText("The payment received does not match any application.")).toBeInTheDocument();
    expect(
      screen.getByText(/could not accept your application EN-00AB12CD34 on 21 November 2026/),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "write to the secretariat" })).toHaveAttribute(
      "href",
      "/contact-us",
    );
  });
});
