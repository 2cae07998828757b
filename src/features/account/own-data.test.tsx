import { screen, waitFor, within } from "@testing-library/react";
import { redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { SECRETARIAT_NOT_CLOSED } from "#shared/account-recovery.ts";
import { DIRECTORY_ENTRY_OUTCOMES, NO_DIRECTORY_ENTRY } from "#shared/member-privacy.ts";
import type { Member } from "#shared/schemas/directory.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { DirectoryEntryView, ENTRY_UNAVAILABLE } from "./directory-entry-view.tsx";
import { MyDataView } from "./my-data-view.tsx";

const entry: Member = {
  id: "0123456789abcdef",
  name: "Dr. Meera Pillai",
  position: "Scientist",
  university: "Example Agricultural University",
  city: "Thrissur",
  state: "Kerala",
  address1: "Plant Breeding Unit",
  address2: "",
  email: "meera@example.org",
  mobile: "+91 90000 00999",
};

type View = Parameters<typeof DirectoryEntryView>[0]["view"];

/** The page under a stub of its route, its action recording what each form posts. */
function renderEntry(view: View, returned: keyof typeof DIRECTORY_ENTRY_OUTCOMES | null = null) {
  const posted: Record<string, FormDataEntryValue | FormDataEntryValue[]>[] = [];
  const result = renderAt(
    [
      {
        path: "/account/directory-entry",
        Component: () => <DirectoryEntryView returned={returned} view={view} />,
        action: async ({ request }: { request: Request }) => {
          const form = await request.formData();
          posted.push({
            ...Object.fromEntries(form),
            hide: form.getAll("hide"),
            fields: form.getAll("fields"),
          });
          return redirect("/account/directory-entry?status=saved");
        },
      },
    ],
    "/account/directory-entry",
  );
  return { ...result, posted };
}

describe("DirectoryEntryView", () => {
  it("shows the member's entry, what is hidden, and the boxes ticked as the choice in force", () => {
    renderEntry({ entry, hidden: ["email"] });
    expect(screen.getByText("+91 90000 00999")).toBeInTheDocument();
    expect(screen.getByText("Hidden from other members: e-mail address.")).toBeInTheDocument();
    const privacy = screen.getByRole("form", { name: "Hide from other members" });
    expect(within(privacy).getByRole("checkbox", { name: "E-mail address" })).toBeChecked();
    expect(within(privacy).getByRole("checkbox", { name: "Mobile number" })).not.toBeChecked();
  });

  it("saves the boxes as ticked, by the privacy form's intent", async () => {
    const { user, posted } = renderEntry({ entry, hidden: ["email"] });
    const privacy = screen.getByRole("form", { name: "Hide from other members" });
    await user.click(within(privacy).getByRole("checkbox", { name: "Mobile number" }));
    await user.click(within(privacy).getByRole("button", { name: "Save my choices" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ intent: "privacy", hide: ["email", "mobile"] });
  });

  it("offers the member's own details to change, starting as other members see them, by the details form's intent", async () => {
    const { user, posted } = renderEntry({ entry, hidden: [] });
    const details = screen.getByRole("form", { name: "My details" });
    expect(within(details).getByLabelText("Position")).toHaveValue("Scientist");
    expect(within(details).getByLabelText("University or institution")).toHaveValue(
      "Example Agricultural University",
    );
    expect(within(details).getByLabelText("Mobile number")).toHaveValue("+91 90000 00999");
    expect(within(details).getByLabelText("Name, if it should read differently")).toHaveAccessibleDescription(
      /In the directory as Dr\. Meera Pillai\. The secretariat confirms a change of name/,
    );
    const mobile = within(details).getByLabelText("Mobile number");
    await user.clear(mobile);
    await user.type(mobile, "call me");
    await user.click(within(details).getByRole("button", { name: "Save my details" }));
    expect(mobile).toHaveAccessibleDescription(/Enter a phone number like/);
    expect(posted).toEqual([]);
    await user.clear(mobile);
    await user.type(mobile, "98765 00999");
    await user.clear(within(details).getByLabelText("Position"));
    await user.type(within(details).getByLabelText("Position"), "Principal Scientist");
    await user.click(within(details).getByRole("button", { name: "Save my details" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      intent: "details",
      position: "Principal Scientist",
      institution: "Example Agricultural University",
      mobile: "98765 00999",
      name: "",
    });
  });

  it("says the details were saved, or that a new name went to the secretariat", () => {
    renderEntry({ entry, hidden: [] }, "details-name-sent");
    expect(screen.getAllByRole("status")[0]).toHaveTextContent(
      "Your details are saved. Your new name has been sent to the secretariat, who confirm name changes.",
    );
  });

  it("says what was saved, on the page the form came back to", () => {
    renderEntry({ entry, hidden: [] }, "saved");
    expect(screen.getAllByRole("status")[0]).toHaveTextContent(DIRECTORY_ENTRY_OUTCOMES.saved);
  });

  it("tells a member with no entry so, and offers to ask to be added", async () => {
    const { user, posted } = renderEntry({ entry: null, hidden: [] });
    expect(screen.getByText(NO_DIRECTORY_ENTRY)).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Hide from other members" })).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "My details" })).not.toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Ask to be added" });
    await user.click(within(form).getByRole("button", { name: "Send to the secretariat" }));
    const group = within(form).getByRole("group", { name: "Which details are wrong or missing" });
    expect(group).toHaveAccessibleDescription(/Please choose at least one detail/);
    expect(posted).toEqual([]);
  });

  it("says so when the directory cannot be read, and leaves the hide form out", () => {
    renderEntry(null);
    expect(screen.getByRole("alert")).toHaveTextContent(ENTRY_UNAVAILABLE);
    expect(screen.queryByRole("form", { name: "Hide from other members" })).not.toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Send a correction" })).toBeInTheDocument();
  });
});

describe("MyDataView", () => {
  it("offers the download as a plain link and closing as a form posted to its page", () => {
    renderAt([{ path: "/account/my-data", Component: MyDataView }], "/account/my-data");
    expect(screen.getByRole("link", { name: "Download my data" })).toHaveAttribute(
      "href",
      "/api/account/my-data",
    );
    const form = screen.getByRole("form", { name: "Close my account" });
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/account/my-data");
    expect(within(form).getByLabelText(/Your password/)).toHaveAttribute("type", "password");
  });

  it("tells a secretariat account why it has no closing form, where a member has one", () => {
    renderAt(
      [{ path: "/account/my-data", Component: () => <MyDataView closable={false} /> }],
      "/account/my-data",
    );
    expect(screen.queryByRole("form", { name: "Close my account" })).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Close my account" })).toHaveTextContent(
      SECRETARIAT_NOT_CLOSED,
    );
  });
});
