import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import type { ComponentType } from "react";
import { data, redirect } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { AccountLink } from "#components/session/account-link.tsx";
import { APPROVAL_OUTCOMES, LOGIN_UNVERIFIED, VERIFY_OUTCOMES } from "#shared/account.ts";
import type { AccountAnswer } from "#shared/api/account.ts";
import type { PaymentDueData } from "#shared/api/membership.ts";
import { COUNTRIES, INDIAN_STATES, LANGUAGES, UNION_TERRITORIES } from "#shared/enrolment-options.ts";
import type { FormResult } from "#shared/forms/form-result.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { AccountView } from "./account-view.tsx";
import { EnrolmentReceipt } from "./enrolment-receipt.tsx";
import { LoginForm, SignedInNotice } from "./login-form.tsx";
import { PaymentApproval } from "./payment-approval-view.tsx";
import { SignUpForm } from "./sign-up-form.tsx";
import { VerifyEmailPage } from "./verify-email-page.tsx";

const account: AccountAnswer = {
  name: "Lakshmi Narayanan",
  email: "lakshmi@example.org",
  membership: "2",
  applicationId: "EN-00AB12CD34",
  submittedAt: "2026-11-20T06:30:00.000Z",
  status: "pending-payment",
};

/** A field's description when it holds only its error (the hidden "Error: " comes first). */
const fieldError = (text: string) => new RegExp(`^Error: ?${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

type Posted = Record<string, FormDataEntryValue>;

/**
 * A page's form under a stub of its route at `path`: its action records each post and answers as
 * `answer` says; `pages` are the other pages the answer may send the visitor to.
 */
function renderPage(
  path: string,
  Component: ComponentType,
  answer: (posted: Posted) => unknown,
  url = path,
  pages: string[] = [],
) {
  const posted: Posted[] = [];
  const view = renderAt(
    [
      {
        path,
        Component,
        action: async ({ request }: { request: Request }) => {
          const fields = Object.fromEntries(await request.formData());
          posted.push(fields);
          return answer(fields);
        },
      },
      ...pages.map((page) => ({ path: page, Component: () => <p>{`${page} page`}</p> })),
    ],
    url,
  );
  return { ...view, posted };
}

const refusal = (form: string, message: string, errors: Record<string, string> = {}, status = 400) =>
  data<FormResult>({ ok: false, form, message, errors }, { status });

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

const choices = {
  languages: LANGUAGES,
  countries: COUNTRIES,
  states: INDIAN_STATES,
  territories: UNION_TERRITORIES,
};
const SignUp = () => <SignUpForm formToken="signed-form-token" choices={choices} />;

describe("SignUpForm", () => {
  it("checks the fields with the shared rules before sending, and ties errors to their fields", async () => {
    const { user, posted } = renderPage("/sign-up", SignUp, () => null);
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    const name = screen.getByLabelText(/^Full Name/);
    expect(name).toHaveAttribute("aria-invalid", "true");
    expect(name).toHaveAccessibleDescription(fieldError("Please enter your full name"));
    expect(screen.getByLabelText(/^Membership Type/)).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields.");
    expect(posted).toEqual([]);
  });

  it("points 'I agree' to the rules and to the privacy notice", () => {
    renderPage("/sign-up", SignUp, () => null);
    const agreement = screen.getByRole("checkbox", { name: /^I agree to the terms and conditions/ });
    const box = agreement.parentElement as HTMLElement;
    expect(within(box).getByRole("link", { name: "Society Rules" })).toHaveAttribute("href", "/rules");
    expect(within(box).getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacy");
  });

  it("checks what no single field's rule can: the two passwords", async () => {
    const { user, posted } = renderPage("/sign-up", SignUp, () => null);
    await fillEnrolment(user, async (u) => {
      await u.clear(screen.getByLabelText(/^Confirm Password/));
      await u.type(screen.getByLabelText(/^Confirm Password/), "Something-else-9");
    });
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveAttribute("aria-invalid", "true");
    expect(posted).toEqual([]);
  });

  it("puts focus on the first field on the page with a problem, whichever check found it", async () => {
    const { user, posted } = renderPage("/sign-up", SignUp, () => null);
    await fillEnrolment(user, async (u) => {
      await u.type(screen.getByLabelText(/^Confirm Password/), "x");
      await u.click(screen.getByLabelText(/^I agree to the terms/));
    });
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    expect(screen.getByLabelText(/^I agree to the terms/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText(/^Confirm Password/)).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it("sends the form with the spam guard's fields, and goes where the action sends it", async () => {
    const { user, posted } = renderPage("/sign-up", SignUp, () => redirect("/sign-up/received"), "/sign-up", [
      "/sign-up/received",
    ]);
    await fillEnrolment(user);
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    expect(await screen.findByText("/sign-up/received page")).toBeInTheDocument();
    expect(posted[0]).toMatchObject({
      membership: "2",
      name: "Kavya Raman",
      agreement: "on",
      country: "India",
      form_token: "signed-form-token",
      reference: "",
    });
  });

  it("puts the server's objections beside their fields", async () => {
    const { user } = renderPage("/sign-up", SignUp, () =>
      refusal("enrolment", "Please correct the highlighted fields.", {
        email: "Something about this address",
      }),
    );
    await fillEnrolment(user);
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email Address/)).toHaveAccessibleDescription(
        fieldError("Something about this address"),
      ),
    );
    // Focus moves to the first refused field once the answer has been drawn (an effect after it).
    await waitFor(() => expect(screen.getByLabelText(/^Email Address/)).toHaveFocus());
    expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields.");
    // Over the form, the summary: each error a link to its field.
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(within(summary).getByRole("link", { name: "Something about this address" })).toHaveAttribute(
      "href",
      "#email",
    );
  });

  it("says the application was not sent when the site cannot be reached", async () => {
    const { user } = renderPage("/sign-up", SignUp, () =>
      refusal("", "We could not reach the website. Please check your connection and try again.", {}, 200),
    );
    await fillEnrolment(user);
    await user.click(screen.getByRole("button", { name: "Pay Offline" }));
    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    expect(summary).toHaveTextContent(/We could not reach the website/);
  });

  it("on the page a post without JavaScript came back to, keeps what was typed but never a password", () => {
    renderAt([{ path: "/sign-up", Component: SignUp }], "/sign-up", {
      root: {
        refused: {
          ok: false,
          form: "enrolment",
          message: "Please correct the highlighted fields.",
          errors: { mobile: "Enter a 10-digit mobile number" },
          values: {
            name: "Kavya Raman",
            country: "Nepal",
            membership: "1",
            indianLanguages: ["Hindi", "Tamil"],
          },
        },
      },
    });
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue("Kavya Raman");
    expect(screen.getByLabelText(/^Country/)).toHaveValue("Nepal");
    expect(screen.getByLabelText(/^Membership Type/)).toHaveValue("1");
    const languages = screen.getByLabelText(/^Languages Known/) as HTMLSelectElement;
    expect([...languages.selectedOptions].map((option) => option.value)).toEqual(["Hindi", "Tamil"]);
    expect(screen.getByLabelText(/^Password/)).toHaveValue("");
    expect(screen.getByLabelText(/^Mobile/)).toHaveAccessibleDescription(
      fieldError("Enter a 10-digit mobile number"),
    );
    expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields.");
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    expect(within(summary).getByRole("link", { name: "Enter a 10-digit mobile number" })).toHaveAttribute(
      "href",
      "#mobile",
    );
  });

  it("follows the chosen country: the State field says it is not needed outside India", async () => {
    const { user } = renderPage("/sign-up", SignUp, () => null);
    const firstState = () => (screen.getByLabelText(/^State/) as HTMLSelectElement).options[0]?.text;
    expect(firstState()).toBe("Select state or union territory");
    await user.selectOptions(screen.getByLabelText(/^Country/), "Nepal");
    expect(firstState()).toBe("Not in India");
    await user.selectOptions(screen.getByLabelText(/^Country/), "India");
    expect(firstState()).toBe("Select state or union territory");
  });

  it("preselects India, Soft Copy (disabled) and offers the membership types", () => {
    renderPage("/sign-up", SignUp, () => null);
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

const due: PaymentDueData = {
  title: "Your application's fee.",
  dueLine: null,
  items: [
    { label: "Registration fee", amount: "₹100" },
    { label: "Subscription for 2026-27", amount: "₹1,500" },
  ],
  total: "₹1,600",
  reference: "ISGPB-EN-0123456789-2026-27",
  upiLink: "upi://pay?pa=isgpb%40exampleupi&am=1600.00",
  upiLabel: "Pay ₹1,600 with a UPI app",
  qr: { size: 3, path: "M0 0h1v1h-1z" },
  qrCaption: "Scan with a UPI app: ₹1,600, reference ISGPB-EN-0123456789-2026-27.",
  bank: [["Account name", "Indian Society of Genetics and Plant Breeding"]],
};

describe("the page after enrolling", () => {
  it("says first that the application was received, with its id, what to pay and the reference", () => {
    renderAt(<EnrolmentReceipt applicationId="EN-0123456789" due={due} />);
    const receipt = screen.getByRole("region", { name: "Your application is received" });
    // Thanked once, not in the heading and again in the line under it (issue 54, item 10).
    expect(receipt.textContent?.match(/thank you/gi)).toHaveLength(1);
    expect(receipt).toHaveTextContent("Your application id is EN-0123456789.");
    expect(receipt).toHaveTextContent("Payment reference: ISGPB-EN-0123456789-2026-27");
    expect(receipt).toHaveTextContent("₹1,600");
    expect(screen.getByRole("link", { name: "Pay ₹1,600 with a UPI app" })).toHaveAttribute(
      "href",
      due.upiLink,
    );
    expect(receipt).not.toHaveTextContent(/Nothing to pay/);
    expect(screen.getByRole("link", { name: "sign in" })).toHaveAttribute("href", "/login");
  });

  it("tells an author or reviewer there is nothing to pay", () => {
    renderAt(<EnrolmentReceipt applicationId="EN-ABCDEF0123" due={null} />);
    const receipt = screen.getByRole("region", { name: "Your application is received" });
    expect(receipt).toHaveTextContent(/Nothing to pay/);
    expect(receipt).not.toHaveTextContent(/Payment reference/);
  });
});

const Login = ({ next = null, unverified = false }: { next?: string | null; unverified?: boolean }) => (
  <LoginForm
    notice={unverified ? { kind: "error", message: LOGIN_UNVERIFIED } : null}
    offerFreshLink={unverified}
    next={next}
  />
);

describe("LoginForm", () => {
  it("shows the server's one answer for a wrong address or password", async () => {
    const { user } = renderPage(
      "/login",
      () => <Login />,
      () => refusal("login", "Wrong e-mail address or password.", {}, 401),
    );
    await user.type(screen.getByLabelText(/^Email Address/), "someone@example.org");
    await user.type(screen.getByLabelText(/^Password/), "guess-guess");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    // No field is named: the summary says the server's sentence, as the status line does.
    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    expect(summary).toHaveTextContent("Wrong e-mail address or password.");
    expect(screen.getByRole("status")).toHaveTextContent("Wrong e-mail address or password.");
    expect(screen.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/sign-up");
  });

  it("asks for both fields before sending", async () => {
    const { user, posted } = renderPage(
      "/login",
      () => <Login />,
      () => null,
    );
    await user.click(screen.getByRole("button", { name: "Log In" }));
    expect(screen.getByLabelText(/^Email Address/)).toHaveAccessibleDescription(
      /^Error: ?Please enter your e-mail address$/,
    );
    expect(posted).toEqual([]);
    expect(screen.getByRole("status")).toHaveTextContent("Please enter your e-mail address and password.");
  });

  it.each([
    [null, { email: "lakshmi@example.org", password: "right-password-1" }],
    [
      "/directory?member=abc",
      { next: "/directory?member=abc", email: "lakshmi@example.org", password: "right-password-1" },
    ],
  ])("posts the return path the page was given (next: %s)", async (next, sent) => {
    const { user, posted } = renderPage(
      "/login",
      () => <Login next={next} />,
      () => redirect("/account"),
      "/login",
      ["/account"],
    );
    await user.type(screen.getByLabelText(/^Email Address/), "lakshmi@example.org");
    await user.type(screen.getByLabelText(/^Password/), "right-password-1");
    await user.click(screen.getByRole("button", { name: "Log In" }));
    expect(await screen.findByText("/account page")).toBeInTheDocument();
    expect(posted).toEqual([sent]);
  });

  it("for an unconfirmed address, says so and offers a fresh link, posted to the confirmation page", async () => {
    const posted: Posted[] = [];
    const { user } = renderAt(
      [
        { path: "/login", Component: () => <Login unverified /> },
        {
          path: "/verify-email",
          action: async ({ request }: { request: Request }) => {
            posted.push(Object.fromEntries(await request.formData()));
            return redirect("/verify-email?status=sent");
          },
          Component: () => <p>confirmation page</p>,
        },
      ],
      "/login?status=unverified",
    );
    expect(screen.getByText(LOGIN_UNVERIFIED)).toBeInTheDocument();
    await user.type(
      screen.getByRole("textbox", { name: "Email Address", description: /fresh confirmation link/ }),
      "new@example.org",
    );
    await user.click(screen.getByRole("button", { name: "Send me a fresh link" }));
    expect(await screen.findByText("confirmation page")).toBeInTheDocument();
    expect(posted).toEqual([{ intent: "resend", email: "new@example.org" }]);
  });

  it("while signed in, says who is signed in and offers sign-out, a post to /logout", () => {
    renderAt(<SignedInNotice />, "/login", { root: { session: { signedIn: true, member: account } } });
    expect(screen.getByText(/Signed in as Lakshmi Narayanan/)).toBeInTheDocument();
    const signOut = screen.getByRole("button", { name: "Sign out" });
    expect(signOut.closest("form")).toHaveAttribute("action", "/logout");
    expect(signOut.closest("form")).toHaveAttribute("method", "post");
  });
});

describe("the e-mailed confirmation link's page", () => {
  it("confirms only when the button is pressed, posting to the link's own address", async () => {
    const urls: string[] = [];
    const { user } = renderAt(
      [
        {
          path: "/verify-email",
          Component: () => <VerifyEmailPage outcome={null} />,
          action: ({ request }: { request: Request }) => {
            urls.push(new URL(request.url).search);
            return redirect("/verify-email?status=confirmed");
          },
        },
      ],
      "/verify-email?token=abc.def",
    );
    expect(urls).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Confirm my e-mail address" }));
    await waitFor(() => expect(urls).toEqual(["?token=abc.def"]));
  });

  it.each(["expired", "used", "invalid"] as const)(
    "a link that is %s says so and offers a fresh one",
    (outcome) => {
      renderAt(<VerifyEmailPage outcome={outcome} />);
      expect(screen.getAllByRole("status")[0]).toHaveTextContent(VERIFY_OUTCOMES[outcome]);
      expect(screen.getByRole("button", { name: "Send me a fresh link" })).toBeInTheDocument();
      expect(screen.queryByRole("link", { name: "Sign In" })).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Confirm my e-mail address" })).not.toBeInTheDocument();
    },
  );

  it("a confirmed address leads to signing in", () => {
    renderAt(<VerifyEmailPage outcome="confirmed" />);
    expect(screen.getAllByRole("status")[0]).toHaveTextContent(VERIFY_OUTCOMES.confirmed);
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  });
});

describe("the account page and the header link", () => {
  it("shows a signed-in member's application and status, and the name in the header", () => {
    renderAt(
      <>
        <AccountLink />
        <AccountView account={account} />
      </>,
      "/account",
      { root: { session: { signedIn: true, member: account } } },
    );
    expect(screen.getByText("Pending payment")).toBeInTheDocument();
    expect(screen.getByText("EN-00AB12CD34")).toBeInTheDocument();
    expect(screen.getByText("Life Member")).toBeInTheDocument();
    expect(screen.getByText("20 November 2026")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Lakshmi Narayanan/ })).toHaveAttribute("href", "/account");
    expect(screen.getByRole("button", { name: "Sign out" }).closest("form")).toHaveAttribute(
      "action",
      "/logout",
    );
  });

  it("says Sign In in the header of a page rendered for a visitor who is not signed in, and comes back to it", () => {
    renderAt(<AccountLink />, "/contact-us", { root: { session: { signedIn: false } } });
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/login?next=%2Fcontact-us",
    );
  });

  it("says Account on a prerendered page, which cannot know the visitor, until the session has answered", async () => {
    let answer = (_response: Response) => {};
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderAt(<AccountLink />, "/about-us");
    expect(screen.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
    expect(screen.queryByRole("link", { name: "Sign In" })).toBeNull();
    answer(Response.json({ signedIn: false }));
    expect(await screen.findByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/login?next=%2Fabout-us",
    );
    fetch.mockRestore();
  });
});

describe("the payment approval page", () => {
  it("offers a fresh link for an expired one, and says where it went", async () => {
    const { user, posted } = renderPage(
      "/approve-payment",
      () => (
        <PaymentApproval kind="outcome" outcome="expired" applicationId="EN-00AB12CD34" token="abc.def" />
      ),
      () => redirect("/approve-payment/renewed"),
      "/approve-payment?status=expired&token=abc.def",
      ["/approve-payment/renewed"],
    );
    expect(screen.getByText(APPROVAL_OUTCOMES.expired)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "E-mail a fresh link to the secretariat" }));
    expect(await screen.findByText("/approve-payment/renewed page")).toBeInTheDocument();
    expect(posted).toEqual([{ action: "renew" }]);
  });

  it("shows what a press came to", () => {
    renderAt(
      <PaymentApproval kind="outcome" outcome="approved" applicationId="EN-00AB12CD34" token={null} />,
    );
    expect(screen.getByRole("heading", { name: "Application EN-00AB12CD34" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(APPROVAL_OUTCOMES.approved);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("for a life instalment, can mark the payment as completing the life fee; says what the amount expects", async () => {
    const { user, posted } = renderPage(
      "/approve-payment",
      () => (
        <PaymentApproval
          kind="application"
          application={account}
          due={{ reference: "ISGPB-EN-00AB12CD34-L1", amount: "TBA" }}
          lifeInstalment
          dates={{ today: "2026-11-28", earliest: "2026-11-20" }}
        />
      ),
      () => redirect("/approve-payment/approved"),
      "/approve-payment?token=abc.def",
      ["/approve-payment/approved"],
    );
    const amount = screen.getByLabelText(/Amount received/);
    expect(amount).toHaveAccessibleDescription(/Whole rupees, e\.g\. 1,500/);
    await user.type(amount, "12,200");
    await user.click(screen.getByLabelText("This payment completes the life membership fee"));
    await user.click(screen.getByRole("button", { name: "Mark payment received" }));
    expect(await screen.findByText("/approve-payment/approved page")).toBeInTheDocument();
    // The date received starts at today in India, as the loader gave it.
    expect(posted).toEqual([{ amount: "12,200", date: "2026-11-28", completesFee: "on" }]);
  });

  it("offers nothing for a link that is not genuine", () => {
    renderAt(<PaymentApproval kind="outcome" outcome="invalid" applicationId={null} token={null} />);
    expect(screen.getByRole("status")).toHaveTextContent(APPROVAL_OUTCOMES.invalid);
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
  });
});
