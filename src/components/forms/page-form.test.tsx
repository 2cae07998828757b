import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FieldRules } from "#shared/forms/field-rules.ts";
import type { FormRefusal } from "#shared/forms/form-result.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { FormStatusLine, TextField } from "./fields.tsx";
import { PageForm, usePageForm } from "./page-form.tsx";

const RULES: FieldRules = {
  email: {
    label: "E-mail address",
    type: "email",
    max: 120,
    required: "Enter your e-mail address",
    invalid: "Enter a valid e-mail address",
  },
  code: { label: "Code", max: 10 },
};

const PAGE_TITLE = "Try a form | ISGPB";

/** A form of two fields on its own page; `answer` is what the page's action says to a post. */
function renderForm(answer: () => unknown) {
  function TryForm() {
    const form = usePageForm("try", { rules: RULES });
    return (
      <PageForm form={form} aria-label="Try">
        <TextField name="email" rule={RULES.email} />
        <TextField name="code" rule={RULES.code} />
        <button type="submit">Send</button>
        <FormStatusLine kind={form.status.kind} message={form.status.message} />
      </PageForm>
    );
  }
  return renderAt([{ path: "/try", Component: TryForm, action: async () => answer() }], "/try");
}

const refusal = (errors: FormRefusal["errors"]): FormRefusal => ({
  ok: false,
  form: "try",
  message: "Please correct the highlighted fields.",
  errors,
});

/** The title the route's meta gives the page, as <Meta> puts it in the head (React's own it removes itself). */
let metaTitle: HTMLTitleElement;
beforeEach(() => {
  metaTitle = document.createElement("title");
  metaTitle.textContent = PAGE_TITLE;
  document.head.append(metaTitle);
});
afterEach(() => metaTitle.remove());

describe("a page's form refused with JavaScript", () => {
  it("by the browser's own checks: the summary lists each error as a link to its field, and the title says Error", async () => {
    const { user } = renderForm(() => ({ ok: true, form: "try", message: "" }));
    await user.type(await screen.findByLabelText(/E-mail address/), "not an address");
    await user.click(screen.getByRole("button", { name: "Send" }));
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveAccessibleName("There is a problem");
    expect(summary.id).toBe("try-error-summary");
    expect(screen.getByRole("link", { name: "Enter a valid e-mail address" })).toHaveAttribute(
      "href",
      "#email",
    );
    expect(document.title).toBe(`Error: ${PAGE_TITLE}`);
    // Focus still goes to the field to correct.
    expect(screen.getByLabelText(/E-mail address/)).toHaveFocus();

    // Corrected, the summary and the title's "Error: " go.
    await user.clear(screen.getByLabelText(/E-mail address/));
    await user.type(screen.getByLabelText(/E-mail address/), "meera@example.org");
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.queryByRole("alert")).toBeNull());
    expect(document.title).toBe(PAGE_TITLE);
  });

  it("by the server: the same summary and title, and no second Error in the title on a second refusal", async () => {
    const { user } = renderForm(() => refusal({ code: "That code is not known" }));
    await user.type(await screen.findByLabelText(/E-mail address/), "meera@example.org");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("link", { name: "That code is not known" })).toHaveAttribute(
      "href",
      "#code",
    );
    expect(screen.getByRole("alert")).toHaveAccessibleName("There is a problem");
    expect(document.title).toBe(`Error: ${PAGE_TITLE}`);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Send" })).toBeEnabled());
    expect(document.title).toBe(`Error: ${PAGE_TITLE}`);
  });
});
