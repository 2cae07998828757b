import { act, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { Fellow } from "#shared/schemas/directory.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { FellowsBrowser } from "./fellows-browser.tsx";

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
    expect(container.querySelectorAll("button")).toHaveLength(2);
    expect(container.querySelector("search")).not.toHaveAttribute("inert");
    const after = [container.querySelector("search"), ...container.querySelectorAll("li")];
    expect(after).toHaveLength(kept.length);
    for (const [n, element] of after.entries()) expect(element).toBe(kept[n]);
    act(() => root.unmount());
    container.remove();
  });
});
