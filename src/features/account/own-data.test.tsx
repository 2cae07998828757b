import { screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadSession } from "#components/session/session-store.ts";
import { DIRECTORY_ENTRY_OUTCOMES, NO_DIRECTORY_ENTRY } from "#shared/member-privacy.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { DirectoryEntryView } from "./directory-entry-view.tsx";
import { MyDataView } from "./my-data-view.tsx";

const account = {
  name: "Meera Pillai",
  email: "meera@example.org",
  membership: "2",
  applicationId: "EN-00AB12CD35",
  submittedAt: "2026-04-02T06:30:00.000Z",
  status: "active",
};
const entry = {
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

function stubApi(routes: Record<string, () => Response | Promise<Response>>) {
  const calls: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const route = routes[url];
      return route ? route() : Response.json({ error: "not stubbed" }, { status: 404 });
    }),
  );
  return calls;
}

beforeEach(() => stubApi({ "/api/session": () => Response.json({ signedIn: false }) }));
afterEach(() => vi.unstubAllGlobals());

describe("DirectoryEntryView", () => {
  it("prerenders both forms as plain posts, and links to the page the server fills in with the entry", () => {
    const router = createMemoryRouter([{ path: "*", element: <DirectoryEntryView returned="saved" /> }]);
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain('action="/api/account/directory-privacy"');
    expect(html).toContain('action="/api/account/directory-correction"');
    expect(html).toContain(DIRECTORY_ENTRY_OUTCOMES.saved);
    expect(html).toMatch(
      /<section id="directory-entry-part"[^>]*>.*href="\/account\/directory-entry\/current"/,
    );
  });

  it("shows the member's entry with the hidden details ticked, and saves a new choice", async () => {
    const calls = stubApi({
      "/api/session": () => Response.json({ signedIn: true, member: account }),
      "/api/account/directory-entry": () => Response.json({ entry, hidden: ["email"] }),
      "/api/account/directory-privacy": () =>
        Response.json({ message: DIRECTORY_ENTRY_OUTCOMES.saved, hidden: ["email", "mobile"] }),
    });
    await loadSession(true);
    const { user } = renderAt(<DirectoryEntryView returned={null} />);
    expect(await screen.findByText("+91 90000 00999")).toBeInTheDocument();
    const privacy = screen.getByRole("form", { name: "Hide from other members" });
    expect(within(privacy).getByRole("checkbox", { name: "E-mail address" })).toBeChecked();
    await user.click(within(privacy).getByRole("checkbox", { name: "Mobile number" }));
    await user.click(within(privacy).getByRole("button", { name: "Save my choices" }));
    expect(await within(privacy).findByText(DIRECTORY_ENTRY_OUTCOMES.saved)).toBeInTheDocument();
    const sent = calls.find((call) => call.url === "/api/account/directory-privacy");
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ hide: ["email", "mobile"] });
  });

  it("keeps the boxes the member clicked while the choice in force was on its way", async () => {
    let answer = (_: Response) => {};
    stubApi({
      "/api/session": () => Response.json({ signedIn: true, member: account }),
      "/api/account/directory-entry": () => new Promise((resolve) => (answer = resolve)),
    });
    await loadSession(true);
    const { user } = renderAt(<DirectoryEntryView returned={null} />);
    const privacy = screen.getByRole("form", { name: "Hide from other members" });
    const box = (name: string) => within(privacy).getByRole("checkbox", { name });
    await user.click(box("Postal address"));
    await user.click(box("Mobile number"));
    await user.click(box("Mobile number"));
    answer(Response.json({ entry, hidden: ["email", "mobile"] }));
    expect(await screen.findByText("+91 90000 00999")).toBeInTheDocument();
    expect(box("E-mail address")).toBeChecked(); // untouched: the choice in force
    expect(box("Postal address")).toBeChecked(); // ticked meanwhile
    expect(box("Mobile number")).not.toBeChecked(); // ticked and unticked meanwhile
  });

  it("tells a member with no entry so, and offers to ask to be added", async () => {
    stubApi({
      "/api/session": () => Response.json({ signedIn: true, member: account }),
      "/api/account/directory-entry": () => Response.json({ entry: null, hidden: [] }),
    });
    await loadSession(true);
    const { user } = renderAt(<DirectoryEntryView returned={null} />);
    expect(await screen.findByText(NO_DIRECTORY_ENTRY)).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Hide from other members" })).not.toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Ask to be added" });
    await user.click(within(form).getByRole("button", { name: "Send to the secretariat" }));
    const group = within(form).getByRole("group", { name: "Which details are wrong or missing" });
    expect(group).toHaveAccessibleDescription(/Please choose at least one detail/);
  });
});

describe("MyDataView", () => {
  it("offers the download as a plain link and the closing form as a plain post", () => {
    const router = createMemoryRouter([{ path: "*", element: <MyDataView /> }]);
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain('href="/api/account/my-data"');
    expect(html).toContain('action="/api/account/close"');
    expect(html).toContain('type="password"');
  });
});
