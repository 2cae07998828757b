import { screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadSession } from "#components/session/session-store.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { AccountView } from "./account-view.tsx";

afterEach(() => vi.unstubAllGlobals());

const rejected = {
  name: "Lakshmi Narayanan",
  email: "lakshmi@example.org",
  membership: "1",
  applicationId: "EN-00AB12CD34",
  submittedAt: "2026-11-20T06:30:00.000Z",
  status: "rejected",
};

describe("the account page of a rejected application", () => {
  it("says the application was not accepted, not that a payment is pending, and where to read why", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ signedIn: true, member: rejected })),
    );
    await loadSession(true);
    renderAt(<AccountView />, "/account");
    expect(await screen.findByText("Application not accepted")).toBeInTheDocument();
    expect(screen.queryByText(/Pending payment/)).toBeNull();
    expect(screen.queryByText(/activates your account when your payment/)).toBeNull();
    expect(screen.getByRole("link", { name: "See the reason and what you can do" })).toHaveAttribute(
      "href",
      "/account/membership",
    );
  });

  it("says so without JavaScript too, from the status the server's redirect put in the URL", () => {
    const html = (element: ReactNode) =>
      renderToString(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
    const page = html(<AccountView returned="rejected" returnedId="EN-00AB12CD34" />);
    expect(page).toContain("Application not accepted");
    expect(page).toContain('href="/account/membership"');
    expect(page).not.toContain("Pending payment");
    // A status the page does not know shows no status at all.
    expect(html(<AccountView returned="refunded" />)).toContain('href="/api/account"');
  });
});
