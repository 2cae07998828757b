import { screen } from "@testing-library/react";
import { data } from "react-router";
import { describe, expect, it } from "vitest";
import type { FormResult } from "#shared/forms/form-result.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { SubscribeForm } from "./subscribe-form.tsx";

/** The box on some page, posting to a stub of the newsletter page's action that answers `answer`. */
function renderBox(
  answer: () => unknown = () => ({ ok: true, form: "subscribe", message: "Almost done: check your inbox." }),
) {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const view = renderAt(
    [
      { path: "/about-us", Component: SubscribeForm },
      {
        path: "/newsletter",
        action: async ({ request }: { request: Request }) => {
          posted.push(Object.fromEntries(await request.formData()));
          return answer();
        },
      },
    ],
    "/about-us",
  );
  return { ...view, posted };
}

describe("SubscribeForm", () => {
  it("is a plain POST form to the newsletter page before JavaScript", () => {
    renderBox();
    const form = screen.getByRole("form", { name: "Subscribe Us" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/newsletter");
    expect(screen.getByLabelText("E-mail address")).toHaveAttribute("type", "email");
    expect(screen.getByRole("link", { name: "Privacy notice" })).toHaveAttribute("href", "/privacy");
  });

  it("says what is wrong with an address without sending it", async () => {
    const { user, posted } = renderBox();
    await user.type(screen.getByLabelText("E-mail address"), "not an address");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(screen.getByRole("status")).toHaveTextContent("Enter a valid e-mail address");
    expect(screen.getByLabelText("E-mail address")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("E-mail address")).toHaveFocus();
    expect(posted).toEqual([]);
  });

  it("shows the answer inline, stays on the page and clears the box", async () => {
    const { user, posted, location } = renderBox();
    await user.type(screen.getByLabelText("E-mail address"), "meera@example.org");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText("Almost done: check your inbox.")).toHaveAttribute("role", "status");
    expect(screen.getByLabelText("E-mail address")).toHaveValue("");
    expect(location().pathname).toBe("/about-us");
    expect(posted).toEqual([{ email: "meera@example.org", reference: "" }]);
  });

  it("shows the refusal beside the box", async () => {
    const { user } = renderBox(() =>
      data<FormResult>(
        { ok: false, form: "subscribe", message: "Too many requests", errors: {} },
        { status: 429 },
      ),
    );
    await user.type(screen.getByLabelText("E-mail address"), "meera@example.org");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    // No field is named: the summary over the box says the server's sentence, as its status line does.
    expect(await screen.findByRole("alert", { name: "There is a problem" })).toHaveTextContent(
      "Too many requests",
    );
    expect(screen.getByRole("status")).toHaveTextContent("Too many requests");
  });
});
