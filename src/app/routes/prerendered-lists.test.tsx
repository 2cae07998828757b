import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CARDS_PER_TASK } from "#components/lists/searchable-list.tsx";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import type { Fellow, PublicMember } from "#shared/schemas/directory.ts";
import { allowConsole } from "#tests/support/console.ts";
import { renderPrerendered } from "#tests/support/render-route.tsx";
import * as directory from "./directory.tsx";
import * as fellowship from "./fellowship.tsx";

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

const kavya: Fellow = {
  serialNumber: "1",
  fellowNumber: "F-0001",
  fellowOfTheYear: "2024",
  name: "Dr. Kavya Menon",
  position: "Professor",
  university: "Sample University",
  address: "Lab 3, Kochi",
};

afterEach(() => vi.unstubAllGlobals());

describe("/directory, prerendered", () => {
  it("keeps the page's members and says it is loading the rest, not that JavaScript is needed", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderPrerendered(directory, "/directory", { snapshot });
    expect(screen.getByRole("status")).toHaveTextContent("Loading the whole directory for searching...");
    // The no-JavaScript note keeps its box (so the list does not move) but is hidden, from screen readers too.
    expect(screen.getByText(/need JavaScript/).closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole("heading", { name: "Dr. Asha Rao" })).toBeInTheDocument();
    const card = screen.getByRole("heading", { name: "Dr. Asha Rao" }).closest("li");

    answer(Response.json([asha]));
    expect(await screen.findByRole("searchbox", { name: /Search by name/ })).toBeInTheDocument();
    expect(screen.queryByText("Loading the whole directory for searching...")).not.toBeInTheDocument();
    // The whole list takes the page's place without moving it: the card is the same element.
    expect(screen.getByRole("heading", { name: "Dr. Asha Rao" }).closest("li")).toBe(card);
    // Its View More button comes in the cards' first batch (they go live a batch per task).
    expect(await screen.findByRole("button", { name: "View More about Dr. Asha Rao" })).toBeInTheDocument();
  });

  it("turns the page's cards live a batch at a time when the whole list arrives", async () => {
    // More than one batch of cards: in one task, the directory's 50 were a long task on a phone.
    const page = Array.from({ length: CARDS_PER_TASK * 2 + 3 }, (_, n) => ({
      ...asha,
      id: `m${n}`,
      name: `Dr. Sample ${n}`,
    }));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json(page)),
    );
    renderPrerendered(directory, "/directory", { snapshot: { members: page, page: 1, total: page.length } });
    const viewMore = { name: /^View More about/ };
    expect(await screen.findAllByRole("button", viewMore)).toHaveLength(CARDS_PER_TASK);
    await vi.waitFor(() => expect(screen.getAllByRole("button", viewMore)).toHaveLength(page.length));
  });

  it("keeps the prerendered members when the live list cannot be had, and says they may be out of date", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "Internal error encountered." }, { status: 503 })),
    );
    renderPrerendered(directory, "/directory", { snapshot });
    expect(await screen.findByText(DIRECTORY_TEXTS.directoryMayBeOutOfDate)).toHaveRole("status");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText(/Internal error encountered/)).not.toBeInTheDocument();
    expect(screen.queryByText("Loading the whole directory for searching...")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: asha.name })).toBeInTheDocument();
  });
});

describe("/fellowship, prerendered", () => {
  it("keeps the prerendered fellows when the live list cannot be had, and says they may be out of date", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "Internal error encountered." }, { status: 503 })),
    );
    renderPrerendered(fellowship, "/fellowship", { fellows: [kavya] });
    expect(await screen.findByText(DIRECTORY_TEXTS.fellowsMayBeOutOfDate)).toHaveRole("status");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: kavya.name })).toBeInTheDocument();
  });

  it("says nothing of the kind when the live list arrives", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json([kavya, { ...kavya, fellowNumber: "F-0002", name: "Dr. Arjun Gill" }])),
    );
    renderPrerendered(fellowship, "/fellowship", { fellows: [kavya] });
    expect(await screen.findByRole("heading", { name: "Dr. Arjun Gill" })).toBeInTheDocument();
    expect(screen.queryByText(DIRECTORY_TEXTS.fellowsMayBeOutOfDate)).not.toBeInTheDocument();
  });
});
