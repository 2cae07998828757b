import { render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { FLASHES } from "#shared/secretariat-flash.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { RefusalPage, WorkspaceErrorPage, WorkspaceFrame, WorkspacePage } from "./workspace-frame.tsx";

function Frame() {
  return (
    <WorkspaceFrame who="office@example.org">
      <Outlet />
    </WorkspaceFrame>
  );
}
function Page() {
  return <WorkspacePage title="A page">content</WorkspacePage>;
}
const Stub = createRoutesStub([
  {
    path: "/secretariat",
    Component: Frame,
    children: [
      { path: "*", Component: Page },
      { index: true, Component: Page },
    ],
  },
]);

/** A workspace page at `url`, inside the frame as the layout route draws it. */
const renderInFrame = (url: string) => render(<Stub initialEntries={[url]} />);

describe("the workspace's frame", () => {
  it("says who is signed in, signs out with a plain post, and marks the current section on its sub-pages", () => {
    renderInFrame("/secretariat/applications/abc");
    expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main");
    const header = screen.getByRole("banner");
    expect(within(header).getByText("office@example.org")).toBeInTheDocument();
    const signOut = within(header).getByRole("button", { name: "Sign out" }).closest("form");
    expect(signOut).toHaveAttribute("method", "post");
    expect(signOut).toHaveAttribute("action", "/logout");
    const nav = screen.getByRole("navigation", { name: "Workspace" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "Overview",
      "Applications",
      "Register",
      "Messages",
      "Held back",
      "Payments",
      "Newsletter",
      "Invitations",
      "Export",
      "Elections",
      "E-mail templates",
      "Audit log",
      "Preview",
    ]);
    expect(within(nav).getByRole("link", { name: "Applications" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current");
  });

  it("marks the overview only on the workspace's first page", () => {
    renderInFrame("/secretariat");
    const nav = screen.getByRole("navigation", { name: "Workspace" });
    expect(within(nav).getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("main")).toHaveAttribute("id", "main");
  });

  it("shows what the last action did from the address, a known sentence only", () => {
    renderInFrame("/secretariat/held?done=released");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("A page");
    expect(screen.getByRole("status")).toHaveTextContent(FLASHES.released.text);
  });

  it("says an error line as an alert, and nothing for a code it does not know", () => {
    const { unmount } = renderInFrame("/secretariat/newsletter/x?done=send-already");
    expect(screen.getByRole("alert")).toHaveTextContent(FLASHES["send-already"].text);
    unmount();
    renderInFrame("/secretariat/held?done=<b>you have won</b>");
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.queryByText(/you have won/)).toBeNull();
  });
});

describe("the workspace's refusals", () => {
  it("tells a visitor how to get in (401)", () => {
    renderAt(
      <RefusalPage status={401} message="Sign in with a secretariat account to use the workspace." />,
      "/secretariat/applications?status=pending",
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Please sign in");
    // Back to the page asked for once signed in (a session ends after 30 minutes idle).
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/login?next=%2Fsecretariat%2Fapplications%3Fstatus%3Dpending",
    );
    expect(screen.getByRole("link", { name: "ask for a link to set your password" })).toHaveAttribute(
      "href",
      "/secretariat/sign-in",
    );
  });

  it("tells a member the workspace is not theirs (403), and what is missing (404)", () => {
    const { unmount } = renderAt(<RefusalPage status={403} message="For the secretariat only." />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Not available");
    expect(screen.getByRole("link", { name: "Your account" })).toHaveAttribute("href", "/account");
    unmount();
    renderAt(<RefusalPage status={404} message="There is no such application." />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Not found");
    expect(screen.getByText("There is no such application.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the workspace" })).toHaveAttribute(
      "href",
      "/secretariat",
    );
  });

  it("shows a thrown refusal's own sentence, and a failure without its details", () => {
    // What a boundary is given for a thrown data(): an error response with its status and body.
    const refused = (status: number, body: unknown) => ({
      status,
      statusText: "",
      internal: false,
      data: body,
    });
    const { unmount } = renderAt(
      <WorkspaceErrorPage error={refused(403, { message: "For the secretariat only." })} />,
    );
    expect(screen.getByText("For the secretariat only.")).toBeInTheDocument();
    unmount();
    renderAt(<WorkspaceErrorPage error={new Error("BlobsInternalError at /var/task/main.js")} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Something went wrong");
    expect(screen.queryByText(/BlobsInternalError/)).toBeNull();
  });
});
