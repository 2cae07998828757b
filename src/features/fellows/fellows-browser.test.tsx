import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import type { Fellow } from "#shared/schemas/directory.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { FellowsBrowser } from "./fellows-browser.tsx";

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

describe("FellowsBrowser on the prerendered page", () => {
  it("keeps the prerendered fellows when the live list cannot be had, and says they may be out of date", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json({ error: "Internal error encountered." }, { status: 503 })),
    );
    renderAt(<FellowsBrowser fellows={[kavya]} refresh />, "/fellowship");
    expect(await screen.findByText(DIRECTORY_TEXTS.fellowsMayBeOutOfDate)).toHaveRole("status");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("heading", { name: kavya.name })).toBeInTheDocument();
  });

  it("says nothing of the kind when the live list arrives", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Response.json([kavya, { ...kavya, fellowNumber: "F-0002", name: "Dr. Arjun Gill" }])),
    );
    renderAt(<FellowsBrowser fellows={[kavya]} refresh />, "/fellowship");
    expect(await screen.findByRole("heading", { name: "Dr. Arjun Gill" })).toBeInTheDocument();
    expect(screen.queryByText(DIRECTORY_TEXTS.fellowsMayBeOutOfDate)).not.toBeInTheDocument();
  });
});
