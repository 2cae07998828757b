import { act, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { CARDS_PER_TASK } from "#components/lists/searchable-list.tsx";
import type { Fellow } from "#shared/schemas/directory.ts";
import { allowConsole } from "#tests/support/console.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { FellowsBrowser } from "./fellows-browser.tsx";

// jsdom does not know the <search> element yet; browsers do.
allowConsole("error", /^The tag <%s> is unrecognized in this browser\..* search$/);

const fellow: Fellow = {
  serialNumber: "7",
  fellowNumber: "F-0107",
  fellowOfTheYear: "2024",
  name: "Dr. Meera Rao",
  position: "Professor",
  university: "Example Agricultural University",
  address: "Department of Genetics, Example Town",
};

describe("FellowsBrowser", () => {
  it("puts each fellow's number, year and address in the prerendered page, for readers without JavaScript", () => {
    const html = renderToString(
      <MemoryRouter>
        <FellowsBrowser fellows={[fellow]} />
      </MemoryRouter>,
    );
    expect(html).toContain("<details");
    expect(html).toContain("F-0107");
    expect(html).toContain("2024");
    expect(html).toContain("Department of Genetics, Example Town");
    expect(html).not.toContain("<button");
  });

  it("once hydrated, keeps the View More button and its dialog", async () => {
    const { user } = renderAt(<FellowsBrowser fellows={[fellow]} />);
    expect(document.querySelector("details")).toBeNull();
    await user.click(screen.getByRole("button", { name: "View More about Dr. Meera Rao" }));
    const dialog = screen.getByRole("dialog", { name: "Dr. Meera Rao" });
    expect(dialog).toHaveTextContent("F-0107");
    expect(dialog).toHaveTextContent("Department of Genetics, Example Town");
  });

  it("gives focus back to View More on close, even where a click does not focus the button (Safari)", async () => {
    const { user } = renderAt(<FellowsBrowser fellows={[fellow]} />);
    const button = screen.getByRole("button", { name: "View More about Dr. Meera Rao" });
    // A click event alone, with no mousedown: what Safari gives a button, which it never focuses.
    act(() => button.click());
    expect(screen.getByRole("dialog")).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveFocus();
  });

  it("keeps the prerendered note's box and cards when it hydrates, changing only their View More", async () => {
    const ui = (
      <MemoryRouter>
        <FellowsBrowser fellows={[fellow, { ...fellow, name: "Dr. Kavya Menon" }]} />
      </MemoryRouter>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(ui);
    document.body.append(container);
    expect(container.querySelector("search")).toHaveAttribute("aria-hidden", "true");
    expect(container.querySelector("search")).toHaveAttribute("inert");
    const kept = [container.querySelector("search"), ...container.querySelectorAll("li")];
    const root = await act(async () => hydrateRoot(container, ui));
    // The cards turn live in the task after hydration.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(container.querySelectorAll("button")).toHaveLength(2);
    expect(container.querySelector("search")).not.toHaveAttribute("inert");
    const after = [container.querySelector("search"), ...container.querySelectorAll("li")];
    expect(after).toHaveLength(kept.length);
    for (const [n, element] of after.entries()) expect(element).toBe(kept[n]);
    act(() => root.unmount());
    container.remove();
  });

  it("swaps the cards' details for View More a batch per task, keeping each card", () => {
    vi.useFakeTimers();
    try {
      const many = Array.from({ length: CARDS_PER_TASK * 2 + 3 }, (_, n) => ({
        ...fellow,
        fellowNumber: `F-${n}`,
        name: `Dr. Fellow ${n}`,
      }));
      const ui = (
        <MemoryRouter>
          <FellowsBrowser fellows={many} />
        </MemoryRouter>
      );
      const container = document.createElement("div");
      container.innerHTML = renderToString(ui);
      document.body.append(container);
      const cards = [...container.querySelectorAll("li")];
      let root: ReturnType<typeof hydrateRoot> | undefined;
      act(() => {
        root = hydrateRoot(container, ui);
      });
      const shown = () => ({
        buttons: container.querySelectorAll("li button").length,
        details: container.querySelectorAll("li details").length,
      });
      // Live at once: the controls; the cards follow a batch per task, the first ones first.
      expect(container.querySelector("search")).not.toHaveAttribute("inert");
      expect(shown()).toEqual({ buttons: 0, details: many.length });
      act(() => vi.advanceTimersToNextTimer());
      expect(shown()).toEqual({ buttons: CARDS_PER_TASK, details: many.length - CARDS_PER_TASK });
      expect(cards[0]?.querySelector("button")).not.toBeNull();
      expect(cards[CARDS_PER_TASK]?.querySelector("details")).not.toBeNull();
      act(() => vi.advanceTimersToNextTimer());
      act(() => vi.advanceTimersToNextTimer());
      expect(shown()).toEqual({ buttons: many.length, details: 0 });
      expect([...container.querySelectorAll("li")]).toEqual(cards);
      act(() => root?.unmount());
      container.remove();
    } finally {
      vi.useRealTimers();
    }
  });
});
