import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "#tests/support/render-route.tsx";
import { ContactForm } from "./contact-form.tsx";

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch: the form-token endpoint answers a token; /api/contact answers with `contact`. */
function stubApi(contact: (init: RequestInit) => Promise<Response>) {
  const posted: RequestInit[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === "/api/form-token") return Response.json({ token: "signed-form-token" });
      posted.push(init);
      return contact(init);
    }),
  );
  return posted;
}

async function fillIn(user: ReturnType<typeof renderAt>["user"], email = "meera@example.org") {
  await user.type(screen.getByLabelText("First name"), "मीरा");
  await user.type(screen.getByLabelText(/E-mail address/), email);
  await user.type(screen.getByLabelText("Message"), "When is the next congress?");
}

describe("ContactForm", () => {
  it("has the fields of the spec, with e-mail and phone typed for their keyboards", () => {
    renderAt(<ContactForm returned={null} />);
    expect(screen.getByRole("heading", { name: "Send Us a Message" })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText(/Phone number/)).toHaveAttribute("type", "tel");
    expect(screen.getByLabelText("Message")).toHaveAttribute("rows", "4");
    for (const name of ["first_name", "last_name", "email", "phone_number", "message"]) {
      expect(document.querySelector(`[name="${name}"]`)).not.toBeNull();
    }
  });

  it("shows field errors next to their fields without sending", async () => {
    const posted = stubApi(async () => Response.json({}));
    const { user } = renderAt(<ContactForm returned={null} />);
    await fillIn(user, "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const email = screen.getByLabelText(/E-mail address/);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(/^Error: ?Enter a valid e-mail address$/);
    expect(email).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields.");
    expect(posted).toEqual([]);
  });

  it("disables the button while sending, shows the server's message and resets on success", async () => {
    let answer: (response: Response) => void = () => {};
    const posted = stubApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderAt(<ContactForm returned={null} />);
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(screen.getByRole("button", { name: "Sending..." })).toBeDisabled();
    // The spam guard's fields travel with the message: an empty honeypot and the fetched token.
    expect(JSON.parse(String(posted[0]?.body))).toMatchObject({
      reference: "",
      form_token: "signed-form-token",
    });
    answer(Response.json({ message: "Thank you. Your message has been sent to the secretariat." }));
    expect(
      await screen.findByText("Thank you. Your message has been sent to the secretariat."),
    ).toHaveAttribute("role", "status");
    expect(screen.getByLabelText("First name")).toHaveValue("");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled();
  });

  it("shows the server's field errors when it refuses the message", async () => {
    stubApi(async () =>
      Response.json(
        { error: "Please correct the highlighted fields.", fields: { email: "Unknown domain" } },
        { status: 400 },
      ),
    );
    const { user } = renderAt(<ContactForm returned={null} />);
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Unknown domain")).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveValue("मीरा");
  });

  it("hides its honeypot from people and assistive technology", () => {
    stubApi(async () => Response.json({}));
    renderAt(<ContactForm returned={null} />);
    const honeypot = document.querySelector('[name="reference"]');
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot?.closest("[aria-hidden='true']")).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /Reference/ })).toBeNull();
  });

  it("says what happened after a post without JavaScript", () => {
    renderAt(<ContactForm returned="sent" />);
    expect(screen.getByRole("status")).toHaveTextContent(
      "Thank you. Your message has been sent to the secretariat.",
    );
  });
});
