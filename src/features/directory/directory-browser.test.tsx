import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import type { PublicMember } from "#shared/schemas/directory.ts";
import { allowConsole } from "#tests/support/console.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { DirectoryBrowser } from "./directory-browser.tsx";

// jsdom does not know the <search> element yet; browsers do.
allowConsole("error", /^The tag <%s> is unrecognized in this browser\..* search$/);

const asha: PublicMember = {
  id: "0123456789abcdef",
  name: "Dr. Asha Rao",
  position: "Professor",
  university: "Punjab Agricultural University",
  city: "Ludhiana",
  state: "Punjab",
};
const snapshot = { members: [asha], page: 1, total: 1 };

afterEach(() => vi.unstubAllGlobals());

describe("DirectoryBrowser on a prerendered page", () => {
  it("keeps the page's members and says it is loading the rest, not that JavaScript is needed", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderAt(<DirectoryBrowser snapshot={snapshot} />, "/directory");
    expect(screen.getByRole("status")).toHaveTextContent("Loading the whole directory for searching...");
    // The no-JavaScript note keeps its box (so the list does not move) but is hidden, from screen readers too.
    expect(screen.getByText(/need JavaScript/).closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole("heading", { name: "Dr. Asha Rao" })).toBeInTheDocument();

    answer(Response.json([asha]));
    expect(await screen.findByRole("searchbox", { name: /Search by name/ })).toBeInTheDocument();
    expect(screen.queryByText("Loading the whole directory for searching...")).not.toBeInTheDocument();
  });

  it("keeps the prerendered members when the live list cannot be had, and says they may be out of date", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "Internal error encountered." }, { status: 503 })),
    );
    renderAt(<DirectoryBrowser snapshot={snapshot} />, "/directory");
    expect(await screen.findByText(DIRECTORY_TEXTS.directoryMayBeOutOfDate)).toHaveRole("status");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText(/Internal error encountered/)).not.toBeInTheDocument();
    expect(screen.queryByText("Loading the whole directory for searching...")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: asha.name })).toBeInTheDocument();
  });
});
