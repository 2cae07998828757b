import { screen, waitFor, within } from "@testing-library/react";
import { data, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import type { FormResult } from "#shared/forms/form-result.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { ContactForm } from "./contact-form.tsx";

type Posted = Record<string, FormDataEntryValue>;

/**
 * The contact page's form under a stub of its route: the action records what was posted and
 * answers as `answer` says; /contact-us?status=sent is where a sent message goes.
 */
function renderForm(
  answer: () => Promise<Response | ReturnType<typeof data>> = async () => redirect("/contact-us?status=sent"),
) {
  const posted: Posted[] = [];
  const view = renderAt(
    [
      {
        path: "/contact-us",
        Component: () => <ContactForm formToken="signed-form-token" />,
        action: async ({ request }: { request: Request }) => {
          posted.push(Object.fromEntries(await request.formData()));
          return answer();
        },
      },
    ],
    "/contact-us",
  );
  return { ...view, posted };
}

async function fillIn(user: ReturnType<typeof renderAt>["user"], email = "meera@example.org") {
  await user.type(await screen.findByLabelText("First name"), "मीरा");
  await user.type(screen.getByLabelText(/E-mail address/), email);
  await user.type(screen.getByLabelText("Message"), "When is the next congress?");
}

describe("ContactForm", () => {
  it("has the fields of the spec, with e-mail and phone typed for their keyboards", async () => {
    renderForm();
    expect(await screen.findByRole("heading", { name: "Send Us a Message" })).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute("type", "email");
    expect(screen.getByLabelText(/Phone number/)).toHaveAttribute("type", "tel");
    expect(screen.getByLabelText("Message")).toHaveAttribute("rows", "4");
    for (const name of ["first_name", "last_name", "email", "phone_number", "message"]) {
      expect(document.querySelector(`[name="${name}"]`)).not.toBeNull();
    }
    // It collects personal data: it says where to read what is done with it.
    expect(screen.getByRole("link", { name: "privacy notice" })).toHaveAttribute("href", "/privacy");
  });

  it("shows field errors next to their fields without sending", async () => {
    const { user, posted } = renderForm();
    await fillIn(user, "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const email = screen.getByLabelText(/E-mail address/);
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(email).toHaveAccessibleDescription(/^Error: ?Enter a valid e-mail address$/);
    expect(email).toHaveFocus();
    expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields.");
    expect(posted).toEqual([]);
  });

  it("disables the button while sending, posts the spam guard's fields, and starts afresh once sent", async () => {
    let answer: () => void = () => {};
    const { user, posted } = renderForm(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(redirect("/contact-us?status=sent"));
        }),
    );
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    // The spam guard's fields travel with the message: an empty honeypot and the page's token.
    expect(posted[0]).toMatchObject({ reference: "", form_token: "signed-form-token", first_name: "मीरा" });
    answer();
    expect(await screen.findByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(screen.getByLabelText("First name")).toHaveValue("");
  });

  it("shows the server's field errors when it refuses the message, keeping what was typed", async () => {
    const { user } = renderForm(async () =>
      data<FormResult>(
        {
          ok: false,
          form: "contact",
          message: "Please correct the highlighted fields.",
          errors: { email: "Unknown domain" },
        },
        { status: 400 },
      ),
    );
    await fillIn(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const summary = await screen.findByRole("alert", { name: "There is a problem" });
    expect(within(summary).getByRole("link", { name: "Unknown domain" })).toHaveAttribute("href", "#email");
    expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription(/Unknown domain/);
    // Focus moves in an effect after the refusal is painted, so it may land a moment later.
    await waitFor(() => expect(screen.getByLabelText(/E-mail address/)).toHaveFocus());
    expect(screen.getByLabelText("First name")).toHaveValue("मीरा");
  });

  it("hides its honeypot from people and assistive technology", async () => {
    renderForm();
    await screen.findByRole("heading", { name: "Send Us a Message" });
    const honeypot = document.querySelector('[name="reference"]');
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot?.closest("[aria-hidden='true']")).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: /Reference/ })).toBeNull();
  });

  it("shows what was typed and each error, on the page a post without JavaScript came back to", async () => {
    renderAt([{ path: "/contact-us", Component: () => <ContactForm formToken="t" /> }], "/contact-us", {
      root: {
        refused: {
          ok: false,
          form: "contact",
          message: "Please correct the highlighted fields.",
          errors: { message: "Please write your message" },
          values: { first_name: "Meera", email: "meera@example.org", message: "" },
        },
      },
    });
    expect(await screen.findByLabelText("First name")).toHaveValue("Meera");
    expect(screen.getByLabelText("Message")).toHaveAccessibleDescription(/Please write your message/);
    expect(screen.getByRole("status")).toHaveTextContent("Please correct the highlighted fields.");
    // Over the form, the summary, its link leading to the field.
    const summary = screen.getByRole("alert", { name: "There is a problem" });
    const link = within(summary).getByRole("link", { name: "Please write your message" });
    expect(document.querySelector(link.getAttribute("href") ?? "")).toBe(screen.getByLabelText("Message"));
  });
});
