import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, Route, RouterProvider, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountLink } from "#components/session/account-link.tsx";
import { loadSession } from "#components/session/session-store.ts";
import { APPROVAL_OUTCOMES, ENROLLED_MESSAGE, LOGIN_UNVERIFIED, VERIFY_OUTCOMES } from "#shared/account.ts";
import { NO_MEMBERSHIP_LABEL } from "#shared/enrolment-options.ts";
import { NO_MEMBERSHIP_NEEDS_ROLE } from "#shared/forms/enrolment-fields.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { AccountView } from "./account-view.tsx";
import { LoginForm, SignedInNotice } from "./login-form.tsx";
import { PaymentApproval } from "./payment-approval-view.tsx";
import { SignUpForm } from "./sign-up-form.tsx";
import { VerifyEmailPage } from "./verify-email-page.tsx";

type Handler = (init: RequestInit) => Response | Promise<Response>;

/** Stubs fetch by path; records every call. */
function stubApi(handlers: Record<string, Handler>) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, init });
      const handler = handlers[url.split("?")[0] ?? ""];
      return handler ? handler(init) : Response.json({ error: "not stubbed" }, { status: 404 });
    }),
  );
  return calls;
}

const account = {
  name: "Lakshmi Narayanan",
  email: "lakshmi@example.org",
  membership: "2",
  applicationId: "EN-00AB12CD34",
  submittedAt: "2026-11-20T06:30:00.000Z",
  status: "pending-payment",
};
const signedIn = () => Response.json({ signedIn: true, member: account });
const signedOut = () => Response.json({ signedIn: false });

beforeEach(() =>
  stubApi({ "/api/session": signedOut, "/api/form-token": () => Response.json({ token: "t" }) }),
);
afterEach(() => vi.unstubAllGlobals());

/** A field's description when it holds only its error (the hidden "Error: " comes first). */
const fieldError = (text: string) => new RegExp(`^Error: ?${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** Fills the enrolment form as an applicant would, then lets `change` alter some of it. */
async function fillEnrolment(user: UserEvent, change: (user: UserEvent) => Promise<void> = async () => {}) {
  await user.selectOptions(screen.getByLabelText(/^Membership Type/), "Life Member");
  await user.type(screen.getByLabelText(/^Full Name/), "Kavya Raman");
  await user.type(screen.getByLabelText(/^Designation/), "Senior Scientist");
  await user.type(screen.getByLabelText(/^Date of Birth/), "1984-07-19");
  await user.type(screen.getByLabelText(/^Office Address/), "Division of Genetics");
  await user.type(screen.getByLabelText(/^City/), "Coimbatore");
  await user.type(screen.getByLabelText(/^PIN Code/), "641003");
  await user.type(screen.getByLabelText(/^Office Phone/), "0422 000 0000");
  await user.type(screen.getByLabelText(/^Mobile/), "90000 00077");
  await user.type(screen.getByLabelText(/^Email Address/), "kavya@example.org");
  await user.type(screen.getByLabelText(/^Password/), "Monsoon-paddy-4417");
  await user.type(screen.getByLabelText(/^Confirm Password/), "Monsoon-paddy-4417");
  await user.click(screen.getByLabelText(/^I agree to the terms/));
  await change(user);
}

describe("SignUpForm", () => {
  it("checks the fields with the shared rules before sending, and ties errors to their fields", async () => {
    const calls = stubApi({ "/api/form-token": () => Response.json({ token: "t" }) });
    const { user } = renderAt(<SignUpForm returned={null} />);
    await user.type(screen.getByLabelText(/^PIN Code/), "012345");
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    const pin = screen.getByLabelText(/^PIN Code/);
    expect(pin).toHaveAttribute("aria-invalid", "true");
    expect(pin).toHaveAccessibleDescription(
      /^Error: ?Enter a six-digit PIN code that does not start with 0$/,
    );
    expect(screen.getByLabelText(/^Full Name/)).toHaveAccessibleDescription(
      /^Error: ?Please enter your full name$/,
    );
    // The first field in the page's order that needs attention.
    expect(screen.getByLabelText(/^Membership Type/)).toHaveFocus();
    expect(screen.getByLabelText(/^Membership Type/)).toHaveAccessibleDescription(/Choose a membership type/);
    expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields.");
    expect(calls.filter((call) => call.url === "/api/enrol")).toEqual([]);
  });

  it("checks what no single field's rule can: the two passwords, a role without a membership, a common password", async () => {
    const calls = stubApi({ "/api/form-token": () => Response.json({ token: "t" }) });
    const { user } = renderAt(<SignUpForm returned={null} />);
    await fillEnrolment(user, async () => {
      await user.selectOptions(screen.getByLabelText(/^Membership Type/), NO_MEMBERSHIP_LABEL);
      await user.clear(screen.getByLabelText(/^Date of Birth/));
      await user.type(screen.getByLabelText(/^Date of Birth/), "1984-02-30");
      await user.clear(screen.getByLabelText(/^Password/));
      await user.type(screen.getByLabelText(/^Password/), "password123");
    });
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    expect(screen.getByLabelText(/^Membership Type/)).toHaveAccessibleDescription(
      fieldError(NO_MEMBERSHIP_NEEDS_ROLE),
    );
    expect(screen.getByLabelText(/^Date of Birth/)).toHaveAccessibleDescription(
      fieldError("That date does not exist"),
    );
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      /Error: ?This password is too common; choose another$/,
    );
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAccessibleDescription(
      fieldError("The passwords do not match"),
    );
    expect(calls.filter((call) => call.url === "/api/enrol")).toEqual([]);
  });

  it("puts the server's objections beside their fields", async () => {
    stubApi({
      "/api/enrol": () =>
        Response.json(
          {
            error: "Please correct the highlighted fields.",
            fields: { email: "Something about this address" },
          },
          { status: 400 },
        ),
    });
    const { user } = renderAt(<SignUpForm returned={null} />);
    await fillEnrolment(user);
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email Address/)).toHaveAccessibleDescription(
        fieldError("Something about this address"),
      ),
    );
    expect(screen.getByLabelText(/^Email Address/)).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields.");
  });

  it("says the application was not sent when the site cannot be reached", async () => {
    const { user } = renderAt(<SignUpForm returned={null} />);
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await fillEnrolment(user);
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    expect(await screen.findByText(/could not be sent. Please check your connection/)).toBeInTheDocument();
  });

  it("shows what a no-JavaScript post came back to", () => {
    renderAt(<SignUpForm returned="invalid" />);
    expect(screen.getByRole("status")).toHaveTextContent("please check each field");
  });

  it("follows the chosen country: the State field says it is not needed outside India", async () => {
    const { user } = renderAt(<SignUpForm returned={null} />);
    const firstState = () => (screen.getByLabelText(/^State/) as HTMLSelectElement).options[0]?.text;
    expect(firstState()).toBe("Select state or union territory");
    await user.selectOptions(screen.getByLabelText(/^Country/), "Nepal");
    expect(firstState()).toBe("Not in India");
    await user.selectOptions(screen.getByLabelText(/^Country/), "India");
    expect(firstState()).toBe("Select state or union territory");
  });

  it("preselects India, Soft Copy (disabled) and offers the membership types", () => {
    renderAt(<SignUpForm returned={null} />);
    expect(screen.getByLabelText(/^Country/)).toHaveValue("India");
    expect(screen.getByLabelText(/^Journal Format/)).toBeDisabled();
    const types = [...(screen.getByLabelText(/^Membership Type/) as HTMLSelectElement).options].map(
      (option) => [option.value, option.text],
    );
    // A required choice: nothing is chosen until the applicant chooses.
    expect(screen.getByLabelText(/^Membership Type/)).toBeRequired();
    expect(screen.getByLabelText(/^Membership Type/)).toHaveValue("");
    expect(types).toEqual([
      ["", "Choose a membership type"],
      ["2", "Life Member"],
      ["1", "Ordinary Member"],
      ["3", "Corporate Member (Annual)"],
      ["4", "Corporate Member (Single Copy)"],
      ["none", "No membership: author or reviewer only"],
    ]);
  });
});

describe("after enrolling", () => {
  async function send(answer: Record<string, unknown>) {
    const calls = stubApi({ "/api/enrol": () => Response.json(answer) });
    const { user } = renderAt(<SignUpForm returned={null} />);
    await fillEnrolment(user);
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    return calls;
  }

  it("shows the application id, what to pay and where to sign in to follow it", async () => {
    const calls = await send({
      message: ENROLLED_MESSAGE,
      applicationId: "EN-0123456789",
      needsPayment: true,
    });
    const receipt = await screen.findByRole("region", { name: "Your application" });
    expect(screen.getAllByRole("status")[0]).toHaveTextContent(ENROLLED_MESSAGE);
    const sent = JSON.parse(String(calls.find((call) => call.url === "/api/enrol")?.init.body));
    expect(sent).toMatchObject({ membership: "2", name: "Kavya Raman", agreement: "on", country: "India" });
    // Sent, the form is empty again for another applicant.
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue("");
    expect(receipt).toHaveTextContent("Your application id is EN-0123456789.");
    expect(receipt).toHaveTextContent(/Please pay the fee for your membership type/);
    expect(receipt).not.toHaveTextContent(/Nothing to pay/);
    expect(screen.getByRole("link", { name: "sign in" })).toHaveAttribute("href", "/login");
  });

  it("tells an author or reviewer there is nothing to pay", async () => {
    await send({ message: ENROLLED_MESSAGE, applicationId: "EN-ABCDEF0123", needsPayment: false });
    const receipt = await screen.findByRole("region", { name: "Your application" });
    expect(receipt).toHaveTextContent(/Nothing to pay/);
    expect(receipt).not.toHaveTextContent(/pay the fee/);
  });

  it("shows the id a form sent without JavaScript came back with, and only a well-formed one", () => {
    renderAt(<SignUpForm returned="sent" returnedId="EN-00AB12CD34" />);
    expect(screen.getByRole("region", { name: "Your application" })).toHaveTextContent("EN-00AB12CD34");
  });

  it("never writes anything else from the URL into the page", () => {
    renderAt(<SignUpForm returned="sent" returnedId="<b>EN-00AB12CD34</b>" />);
    expect(screen.getByRole("region", { name: "Your application" })).toHaveTextContent(
      "Your application id is in the e-mail we sent you.",
    );
  });
});

describe("LoginForm", () => {
  it("shows the server's one answer for a wrong address or password", async () => {
    stubApi({
      "/api/login": () => Response.json({ error: "Wrong e-mail address or password." }, { status: 401 }),
    });
    const { user } = renderAt(<LoginForm returned={null} />);
    await user.type(screen.getByLabelText(/^Email Address/), "someone@example.org");
    await user.type(screen.getByLabelText(/^Password/), "guess-guess");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    expect(await screen.findByText("Wrong e-mail address or password.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/sign-up");
  });

  it("asks for both fields before sending", async () => {
    const calls = stubApi({});
    const { user } = renderAt(<LoginForm returned={null} />);
    await user.click(screen.getByRole("button", { name: "Log In" }));
    expect(screen.getByLabelText(/^Email Address/)).toHaveAccessibleDescription(
      /^Error: ?Please enter your e-mail address$/,
    );
    expect(calls).toEqual([]);
    expect(screen.getByRole("status")).toHaveTextContent("Please enter your e-mail address and password.");
  });

  it("says it could not sign in when the site cannot be reached", async () => {
    const { user } = renderAt(<LoginForm returned={null} />);
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await user.type(screen.getByLabelText(/^Email Address/), "someone@example.org");
    await user.type(screen.getByLabelText(/^Password/), "guess-guess");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    expect(await screen.findByRole("status")).toHaveTextContent(
      "Could not sign in. Please check your connection and try again.",
    );
    expect(screen.queryByRole("button", { name: "Send me a fresh link" })).not.toBeInTheDocument();
  });

  it.each([
    [null, "/account"],
    ["/directory?member=abc", "/directory?member=abc"],
  ])("signed in (next: %s), goes to %s", async (next, path) => {
    const calls = stubApi({
      "/api/login": () => Response.json({ name: "Lakshmi Narayanan", home: "/account" }),
      "/api/session": signedIn,
    });
    const { user, router } = renderAt(<LoginForm returned={null} next={next} />, "/login");
    await user.type(screen.getByLabelText(/^Email Address/), "lakshmi@example.org");
    await user.type(screen.getByLabelText(/^Password/), "right-password-1");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(path),
    );
    const posted = JSON.parse(String(calls.find((call) => call.url === "/api/login")?.init.body));
    expect(posted).toEqual({ next: next ?? "", email: "lakshmi@example.org", password: "right-password-1" });
    expect(calls.some((call) => call.url === "/api/session")).toBe(true);
  });
});

describe("signing in", () => {
  it("with the right password for an unconfirmed address, says so and offers a fresh link", async () => {
    const calls = stubApi({
      "/api/login": () => Response.json({ error: LOGIN_UNVERIFIED }, { status: 403 }),
      "/api/verify-email": () => Response.json({ message: VERIFY_OUTCOMES.sent }),
    });
    const { user } = renderAt(<LoginForm returned={null} />);
    await user.type(screen.getByLabelText(/^Email Address/), "new@example.org");
    await user.type(screen.getByLabelText(/^Password/), "right-password-1");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    expect(await screen.findByText(LOGIN_UNVERIFIED)).toBeInTheDocument();
    await user.type(
      screen.getByRole("textbox", { name: "Email Address", description: /fresh confirmation link/ }),
      "new@example.org",
    );
    await user.click(screen.getByRole("button", { name: "Send me a fresh link" }));
    expect(await screen.findByText(VERIFY_OUTCOMES.sent)).toBeInTheDocument();
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({
      action: "resend",
      email: "new@example.org",
    });
  });

  it("while signed in, says who is signed in and offers sign-out", async () => {
    stubApi({ "/api/session": signedIn });
    await loadSession(true);
    renderAt(<SignedInNotice />);
    expect(await screen.findByText(/Signed in as Lakshmi Narayanan/)).toBeInTheDocument();
    const signOut = screen.getByRole("button", { name: "Sign out" });
    expect(signOut.closest("form")).toHaveAttribute("action", "/api/logout");
    expect(signOut.closest("form")).toHaveAttribute("method", "post");
  });
});

describe("the e-mailed confirmation link's page", () => {
  it("confirms only when the button is pressed, with the link's token", async () => {
    const calls = stubApi({
      "/api/verify-email": () => Response.json({ outcome: "confirmed", message: VERIFY_OUTCOMES.confirmed }),
    });
    const { user } = renderAt(<VerifyEmailPage />, "/verify-email?token=abc.def");
    expect(calls.filter((call) => call.url === "/api/verify-email")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Confirm my e-mail address" }));
    expect(await screen.findByText(VERIFY_OUTCOMES.confirmed)).toBeInTheDocument();
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ token: "abc.def" });
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  });

  it.each(["expired", "used", "invalid"] as const)(
    "a link that is %s offers a fresh one",
    async (outcome) => {
      stubApi({
        "/api/verify-email": () =>
          Response.json({ outcome, error: VERIFY_OUTCOMES[outcome] }, { status: 400 }),
      });
      const { user } = renderAt(<VerifyEmailPage />, "/verify-email?token=abc.def");
      await user.click(screen.getByRole("button", { name: "Confirm my e-mail address" }));
      expect(await screen.findByText(VERIFY_OUTCOMES[outcome])).toBeInTheDocument();
      expect(screen.getByRole("button", { name: "Send me a fresh link" })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
    },
  );

  it("keeps the button when the site cannot be reached", async () => {
    const { user } = renderAt(<VerifyEmailPage />, "/verify-email?token=abc.def");
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await user.click(screen.getByRole("button", { name: "Confirm my e-mail address" }));
    expect(
      await screen.findByText("That did not work. Please check your connection and try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Confirm my e-mail address" })).toBeEnabled();
  });

  it("shows the outcome a form sent without JavaScript came back to", () => {
    renderAt(<VerifyEmailPage />, "/verify-email?status=expired");
    expect(screen.getAllByRole("status")[0]).toHaveTextContent(VERIFY_OUTCOMES.expired);
    expect(screen.queryByRole("button", { name: "Confirm my e-mail address" })).not.toBeInTheDocument();
  });
});

describe("the account page and the header link", () => {
  const app = (
    <>
      <AccountLink />
      <Routes>
        <Route path="/account" element={<AccountView />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </>
  );

  it("shows a signed-in member's application and status, and the name in the header", async () => {
    stubApi({ "/api/session": signedIn });
    await loadSession(true);
    renderAt(app, "/account");
    expect(await screen.findByText("Pending payment")).toBeInTheDocument();
    expect(screen.getByText("EN-00AB12CD34")).toBeInTheDocument();
    expect(screen.getByText("Life Member")).toBeInTheDocument();
    expect(screen.getByText("20 November 2026")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Lakshmi Narayanan/ })).toHaveAttribute("href", "/account");
  });

  it("signs out on the server, then shows Sign In and goes to the login page", async () => {
    const calls = stubApi({ "/api/session": signedIn, "/api/logout": signedOut });
    await loadSession(true);
    const { user } = renderAt(app, "/account");
    await user.click(await screen.findByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("login page")).toBeInTheDocument();
    expect(calls.some((call) => call.url === "/api/logout" && call.init.method === "POST")).toBe(true);
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  });

  it("keeps the text it was served while the session is still being asked for, so nothing moves", async () => {
    stubApi({ "/api/session": () => new Promise<Response>(() => {}) });
    // A fresh session store: the tests above left theirs knowing the answer.
    vi.resetModules();
    const { AccountView: FreshAccountView } = await import("./account-view.tsx");
    renderAt(<FreshAccountView />, "/account");
    expect(screen.getByRole("link", { name: "Show my membership status" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign out" })).toBeInTheDocument();
    expect(screen.queryByText(/Loading your account/)).toBeNull();
  });

  it("without JavaScript (the prerendered HTML), shows the status the server's redirect put in the URL", () => {
    const html = (element: ReactNode) =>
      renderToString(<RouterProvider router={createMemoryRouter([{ path: "*", element }])} />);
    const withStatus = html(<AccountView returned="pending-payment" returnedId="EN-00AB12CD34" />);
    expect(withStatus).toContain("Pending payment");
    expect(withStatus).toContain("EN-00AB12CD34");
    expect(withStatus).toContain('action="/api/logout"');
    // Reached without the status: a plain link asks the server for it.
    expect(html(<AccountView />)).toContain('href="/api/account"');
    expect(html(<AccountView returned="active" returnedId="<i>x</i>" />)).not.toContain("<i>x");
  });

  it("sends a visitor who is not signed in to the login page", async () => {
    stubApi({ "/api/session": signedOut });
    await loadSession(true);
    renderAt(app, "/account");
    await waitFor(() => expect(screen.getByText("login page")).toBeInTheDocument());
  });
});

describe("the payment approval page", () => {
  it("offers a fresh link for an expired one, and says where it went", async () => {
    const message = "A fresh link has been sent to the secretariat's e-mail address.";
    const calls = stubApi({
      "/api/payment-approval": (init) =>
        init.method === "POST"
          ? Response.json({ message })
          : Response.json({ error: "This approval link has expired." }, { status: 410 }),
    });
    const { user } = renderAt(<PaymentApproval token="old.token" />);
    expect(await screen.findByText("This approval link has expired.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "E-mail a fresh link to the secretariat" }));
    expect(await screen.findByRole("status")).toHaveTextContent(message);
    expect(JSON.parse(String(calls.at(-1)?.init.body))).toEqual({ token: "old.token", action: "renew" });
  });

  it("keeps the button after a failed 'Mark payment received', so it can be pressed again", async () => {
    let fail = true;
    const application = { ...account, status: "pending-payment" };
    stubApi({
      "/api/payment-approval": (init) =>
        init.method !== "POST"
          ? Response.json({ application })
          : fail
            ? Response.json({ error: "The service is busy." }, { status: 503 })
            : Response.json({ status: "active", alreadyActive: false }),
    });
    const { user } = renderAt(<PaymentApproval token="good.token" />);
    await user.click(await screen.findByRole("button", { name: "Mark payment received" }));
    expect(await screen.findByText(/The service is busy. Please try again./)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Mark payment received" }));
    expect(await screen.findByText(/Payment recorded/)).toBeInTheDocument();
  });

  it("shows what a press without JavaScript came to, and offers a fresh link for an expired one", () => {
    renderAt(<PaymentApproval token="old.token" returned="expired" returnedId="EN-00AB12CD34" />);
    expect(screen.getByRole("heading", { name: "Application EN-00AB12CD34" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(APPROVAL_OUTCOMES.expired);
    const renew = screen.getByRole("button", { name: "E-mail a fresh link to the secretariat" });
    expect(renew.closest("form")).toHaveAttribute("method", "post");
    expect(renew.closest("form")).not.toHaveAttribute("action");
  });

  it("offers nothing for a link that is not genuine", async () => {
    stubApi({
      "/api/payment-approval": () =>
        Response.json({ error: "This approval link is not valid." }, { status: 400 }),
    });
    renderAt(<PaymentApproval token="bad" />);
    expect(await screen.findByText("This approval link is not valid.")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
