import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import { SIGN_IN_FOR_CONTACTS } from "#shared/member-privacy.ts";
import {
  FELLOWS_HEADER as FELLOW_HEADER,
  DIRECTORY_HEADER as HEADER,
  sheetsValues,
} from "#tests/mocks/google-sheets.ts";
import { startBlobsServer } from "#tests/support/blobs.ts";
import { allowConsole } from "#tests/support/console.ts";
import { startDatabase } from "#tests/support/database.ts";
import { functionContext } from "#tests/support/function-context.ts";
import { setupMsw } from "#tests/support/msw.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import directoryFunction from "../../../netlify/functions/directory.ts";
import memberFunction from "../../../netlify/functions/directory-member.ts";
import fellowsFunction from "../../../netlify/functions/fellows.ts";
import * as directory from "./directory.tsx";
import * as fellowship from "./fellowship.tsx";

allowConsole(
  "error",
  /^last-good-copy: directory\/(members|fellows) failed upstream, serving the last good copy /,
);
allowConsole("warn", /^directory: skipped row \d+: /);
// The stub renders the page once its loader has run, as the prerender does.
allowConsole("warn", /^No `HydrateFallback` element provided/);

// The pages' loaders and the functions they talk to in the browser read a mocked Google Sheets:
// what a visitor sees for each answer of the sheet, end to end.
const DIRECTORY_RANGE = "'Master List'!A:O";
const FELLOWS_RANGE = "ISMASTER!A:G";
const memberRows = Array.from({ length: 120 }, (_, index) => {
  const n = String(index).padStart(3, "0");
  const [city, state] = index % 3 === 0 ? ["Thrissur", "Kerala"] : ["Ludhiana", "Punjab"];
  return [
    `Dr. Member ${n}`,
    "Scientist",
    `Institute ${n}`,
    `Lab ${n}`,
    "",
    city,
    state,
    `m${n}@example.org`,
    `+91 90000 00${n}`,
  ];
});
const directorySheet = [
  HEADER,
  [
    "Dr. Asha Rao",
    "Professor",
    "Punjab Agricultural University",
    "Block A",
    "Campus Road",
    "Ludhiana",
    "Punjab",
    "asha@example.org",
    "+91 90000 00001",
  ],
  ...memberRows,
];
const fellowsSheet = [
  FELLOW_HEADER,
  [
    "1",
    "F-0001",
    "2024",
    "Dr. Kavya Menon",
    "Professor",
    "Kerala Agricultural University",
    "Lab 3, Thrissur, Kerala",
  ],
  [
    "2",
    "F-0002",
    "2023",
    "Dr. Arjun Gill",
    "Scientist",
    "Punjab Agricultural University",
    "Farm, Ludhiana, Punjab",
  ],
];

const msw = setupMsw(sheetsValues({ [DIRECTORY_RANGE]: directorySheet, [FELLOWS_RANGE]: fellowsSheet }));
// Blobs for the sheets' last good copies; the database for the members' privacy choices and own
// details, which a member's full record reads.
startBlobsServer();
startDatabase();

/** Routes the browser's /api requests to the functions; everything else to the (mocked) network. */
function serveFunctions() {
  const network = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === "/api/directory") return directoryFunction(new Request(`http://localhost${url}`));
    if (url === "/api/fellows") return fellowsFunction(new Request(`http://localhost${url}`));
    const id = /^\/api\/directory\/([^/]+)$/.exec(url)?.[1];
    if (id) return memberFunction(new Request(`http://localhost${url}`), functionContext({ id }));
    return network(input, init);
  });
}

beforeAll(() => {
  vi.stubEnv("GOOGLE_SHEETS_API_KEY", "test-key");
  vi.stubEnv("GOOGLE_SHEETS_SPREADSHEET_ID", "sheet-123");
  // Every request reaches the (mocked) sheet: no in-memory reuse between tests.
  vi.stubEnv("DIRECTORY_CACHE_SECONDS", "0");
  vi.stubEnv("SIGNING_SECRET", "test-signing-secret");
  vi.stubEnv("GOOGLE_SHEETS_TIMEOUT_MS", "300");
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => vi.unstubAllEnvs());

/** A list page under its route's real loader, at `url`. */
function renderRoute(url: string) {
  return renderAt(
    [
      {
        path: "/directory",
        Component: directory.default,
        loader: directory.loader,
        shouldRevalidate: directory.shouldRevalidate,
      },
      { path: "/directory/page/:page", Component: directory.default, loader: directory.loader },
      {
        path: "/fellowship",
        Component: fellowship.default,
        loader: fellowship.loader,
        shouldRevalidate: fellowship.shouldRevalidate,
      },
    ] as never,
    url,
  );
}

// Before any good answer: no last good copy exists yet in this file's Blobs store.
describe("/directory when the sheet cannot be read", () => {
  it.each([
    ["has only its header", [HEADER]],
    ["is empty", undefined],
  ])("says 'No data found in the specified range.' when the sheet %s", async (_, values) => {
    msw.use(sheetsValues({ [DIRECTORY_RANGE]: values }));
    serveFunctions();
    renderRoute("/directory");
    expect(await screen.findByText("No data found in the specified range.")).toBeInTheDocument();
  });
});

describe("/directory", () => {
  it("lists members with name, position, university and View More, a page at a time", async () => {
    serveFunctions();
    renderRoute("/directory");
    const asha = (await screen.findByRole("heading", { name: "Dr. Asha Rao" })).closest(
      "article",
    ) as HTMLElement;
    expect(within(asha).getByText("Professor")).toBeInTheDocument();
    expect(within(asha).getByText("Punjab Agricultural University")).toBeInTheDocument();
    expect(await within(asha).findByRole("button", { name: /View More/ })).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(50);
    expect(screen.getByText("121 members, page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Next page" })).toHaveAttribute("href", "/directory/page/2");
  });

  it("shows the page's members while the whole list is on its way, and says so", async () => {
    const network = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === "/api/directory" ? new Promise<Response>(() => {}) : network(input, init),
    );
    renderRoute("/directory/page/2");
    expect(await screen.findByText("121 members, page 2 of 3")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(50);
    expect(screen.getByText("Loading the whole directory for searching...")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Directory");
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Member Directory");
  });

  it("keeps the page's members when the whole list cannot be had, and says they may be out of date", async () => {
    serveFunctions();
    msw.use(sheetsValues({ [DIRECTORY_RANGE]: directorySheet }));
    const network = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === "/api/directory"
        ? Promise.resolve(Response.json({ error: "The caller does not have permission" }, { status: 503 }))
        : network(input, init),
    );
    renderRoute("/directory");
    expect(await screen.findByText(DIRECTORY_TEXTS.directoryMayBeOutOfDate)).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(50);
  });

  it("searches instantly, counts the matches and keeps the query in the URL", async () => {
    serveFunctions();
    const { location, user } = renderRoute("/directory");
    // "01" also matches Member 001 and Member 101: every word anywhere in the fields.
    await screen.findByRole("button", { name: "View More about Dr. Asha Rao" });
    await user.type(screen.getByRole("searchbox", { name: /Search by name/ }), "member 01");
    expect(await screen.findByText("12 of 121 members match")).toBeInTheDocument();
    expect(screen.getAllByRole("article")).toHaveLength(12);
    await waitFor(() => expect(new URLSearchParams(location().search).get("q")).toBe("member 01"));
  });

  it("filters by state, and a shared URL restores the search", async () => {
    serveFunctions();
    const { user } = renderRoute("/directory?q=thrissur");
    expect(await screen.findByRole("searchbox")).toHaveValue("thrissur");
    expect(await screen.findByText("40 of 121 members match")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "State" }), "Punjab");
    expect(await screen.findByText("No member matches this search.")).toBeInTheDocument();
  });

  it("tells a visitor to sign in as a member for contact details, with a link back to the same member", async () => {
    serveFunctions();
    const { user } = renderRoute("/directory");
    await user.click(await screen.findByRole("button", { name: "View More about Dr. Asha Rao" }));
    const dialog = screen.getByRole("dialog", { name: "Dr. Asha Rao" });
    const link = await within(dialog).findByRole("link", { name: SIGN_IN_FOR_CONTACTS });
    const next = new URL(link.getAttribute("href") ?? "", "http://site").searchParams.get("next") ?? "";
    expect(link.getAttribute("href")).toMatch(/^\/login\?next=/);
    expect(within(dialog).getByText("Punjab Agricultural University")).toBeInTheDocument();
    for (const secret of ["asha@example.org", "+91 90000 00001", "Campus Road", "Block A"])
      expect(within(dialog).queryByText(secret)).not.toBeInTheDocument();
    // The link's return path opens the same member's details.
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    cleanup();
    renderRoute(next);
    expect(await screen.findByRole("dialog", { name: "Dr. Asha Rao" })).toBeInTheDocument();
  });

  it("opens a member's full record in a dialog and closes it", async () => {
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "true");
    serveFunctions();
    const { user } = renderRoute("/directory");
    const button = await screen.findByRole("button", { name: "View More about Dr. Asha Rao" });
    await user.click(button);
    const dialog = screen.getByRole("dialog", { name: "Dr. Asha Rao" });
    expect(within(dialog).getByText("Loading...")).toBeInTheDocument();
    expect(await within(dialog).findByRole("link", { name: "asha@example.org" })).toHaveAttribute(
      "href",
      "mailto:asha@example.org",
    );
    for (const text of [
      "Position",
      "University",
      "Address 1",
      "Address 2",
      "City",
      "State",
      "Email",
      "Mobile",
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByText("Campus Road")).toBeInTheDocument();
    expect(within(dialog).getByText("+91 90000 00001")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "");
  });
});

describe("/fellowship", () => {
  it("shows the fellows the page was built with while the sheet's current list is on its way", async () => {
    serveFunctions();
    const network = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === "/api/fellows" ? new Promise<Response>(() => {}) : network(input, init),
    );
    renderRoute("/fellowship");
    expect(await screen.findByRole("heading", { name: "Dr. Kavya Menon" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Members Directory");
  });

  it("keeps the built list when the request fails, and says it may be out of date", async () => {
    serveFunctions();
    const network = globalThis.fetch;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === "/api/fellows"
        ? Promise.reject(new TypeError("Failed to fetch"))
        : network(input, init),
    );
    renderRoute("/fellowship");
    expect(await screen.findByText(DIRECTORY_TEXTS.fellowsMayBeOutOfDate)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Dr. Kavya Menon" })).toBeInTheDocument();
  });

  it("says 'No data found.' in red when the sheet has only its header", async () => {
    msw.use(sheetsValues({ [FELLOWS_RANGE]: [FELLOW_HEADER] }));
    serveFunctions();
    renderRoute("/fellowship");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No data found.");
    expect(alert).toHaveClass("error-text");
  });

  it("lists fellows, filters by year and shows a fellow's record in a dialog", async () => {
    serveFunctions();
    const { user } = renderRoute("/fellowship");
    expect(await screen.findByRole("heading", { name: "Dr. Kavya Menon" })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Fellow of the year" }), "2023");
    expect(screen.queryByRole("heading", { name: "Dr. Kavya Menon" })).not.toBeInTheDocument();
    expect(screen.getByText("1 of 2 fellows match")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "View More about Dr. Arjun Gill" }));
    const dialog = screen.getByRole("dialog", { name: "Dr. Arjun Gill" });
    expect(within(dialog).getByText("F-0002")).toBeInTheDocument();
    expect(within(dialog).getByText("Farm, Ludhiana, Punjab")).toBeInTheDocument();
    expect(within(dialog).getByText("Serial number").nextElementSibling).toHaveTextContent("2");
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
