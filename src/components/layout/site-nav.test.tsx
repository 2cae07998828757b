import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionAnswer } from "#shared/api/account.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { SiteNav } from "./site-nav.tsx";

describe("SiteNav", () => {
  it("lists the menu items of the spec, with THE JOURNAL opening in a new tab", () => {
    renderAt(<SiteNav />);
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "HOME" })).toHaveAttribute("href", "/");
    expect(within(nav).getByRole("link", { name: "AWARDS" })).toHaveAttribute("href", "/awards");
    const journal = within(nav).getByRole("link", { name: /THE JOURNAL/ });
    expect(journal).toHaveAttribute("target", "_blank");
    expect(journal).toHaveAttribute("rel", "noopener");
    for (const name of ["THE SOCIETY", "BOARD", "CONGRESS"]) {
      expect(within(nav).getByRole("button", { name })).toHaveAttribute("aria-expanded", "false");
    }
  });

  it("opens a dropdown by click and closes it with Escape, returning focus to its button", async () => {
    const { user } = renderAt(<SiteNav />);
    const toggle = screen.getByRole("button", { name: "THE SOCIETY" });
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const submenu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(submenu).toHaveAttribute("data-open");
    expect(within(submenu as HTMLElement).getByRole("link", { name: "Office Bearers" })).toHaveAttribute(
      "href",
      "/office-bearers",
    );
    await user.keyboard("{Escape}");
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveFocus();
  });

  it("opens a dropdown from the keyboard and moves into it with ArrowDown", async () => {
    const { user } = renderAt(<SiteNav />);
    const toggle = screen.getByRole("button", { name: "BOARD" });
    toggle.focus();
    await user.keyboard("{ArrowDown}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "Executive Council" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(toggle).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  it("keeps one dropdown open at a time and closes when focus leaves it", async () => {
    const { user } = renderAt(<SiteNav />);
    const society = screen.getByRole("button", { name: "THE SOCIETY" });
    const board = screen.getByRole("button", { name: "BOARD" });
    await user.click(society);
    await user.click(board);
    expect(society).toHaveAttribute("aria-expanded", "false");
    expect(board).toHaveAttribute("aria-expanded", "true");
    await user.click(document.body);
    expect(board).toHaveAttribute("aria-expanded", "false");
  });

  it("opens dropdowns on hover only where the screen is large and has a pointer", async () => {
    const matchMedia = vi.spyOn(window, "matchMedia");
    const { user } = renderAt(<SiteNav />);
    const congress = screen.getByRole("button", { name: "CONGRESS" });
    matchMedia.mockReturnValue({ matches: false } as MediaQueryList);
    await user.hover(congress);
    expect(congress).toHaveAttribute("aria-expanded", "false");
    await user.unhover(congress);
    matchMedia.mockReturnValue({ matches: true } as MediaQueryList);
    await user.hover(congress);
    expect(congress).toHaveAttribute("aria-expanded", "true");
    await user.unhover(congress);
    expect(congress).toHaveAttribute("aria-expanded", "false");
    matchMedia.mockRestore();
  });

  it("on small screens, the menu button opens the panel and the close button closes it", async () => {
    const { user } = renderAt(<SiteNav />);
    const menuButton = screen.getByRole("button", { name: "Menu" });
    const panel = document.getElementById("site-menu");
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(panel).not.toHaveAttribute("data-open");
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    expect(panel).toHaveAttribute("data-open");
    const close = screen.getByRole("button", { name: "Close menu" });
    expect(close).toHaveFocus();
    await user.click(close);
    expect(panel).not.toHaveAttribute("data-open");
    expect(menuButton).toHaveFocus();
  });

  it("closes the open panel with Escape and after following a link", async () => {
    const { user, location } = renderAt(<SiteNav />);
    const menuButton = screen.getByRole("button", { name: "Menu" });
    const panel = document.getElementById("site-menu");
    await user.click(menuButton);
    await user.keyboard("{Escape}");
    expect(panel).not.toHaveAttribute("data-open");
    expect(menuButton).toHaveFocus();
    await user.click(menuButton);
    await user.click(screen.getByRole("link", { name: "AWARDS" }));
    expect(location().pathname).toBe("/awards");
    expect(document.getElementById("site-menu")).not.toHaveAttribute("data-open");
  });

  describe("the open panel on small screens", () => {
    afterEach(() => vi.unstubAllGlobals());

    /** The nav among the page's other regions, as the root layout places it. */
    const renderPage = (session: SessionAnswer = { signedIn: false }) =>
      renderAt(
        <>
          <a href="#main">Skip to content</a>
          <header>
            <a href="/">Brand</a>
          </header>
          <SiteNav />
          <main id="main">
            <a href="/elsewhere">A link in the page</a>
          </main>
          <footer>
            <a href="/">Home</a>
          </footer>
        </>,
        "/",
        { root: { session } },
      );

    it("makes the rest of the page inert and still, and frees it on close", async () => {
      const { user } = renderPage();
      const menuButton = screen.getByRole("button", { name: "Menu" });
      const regions = [
        screen.getByRole("banner"),
        screen.getByRole("main"),
        screen.getByRole("contentinfo"),
        screen.getByRole("link", { name: "Skip to content" }),
      ];
      await user.click(menuButton);
      for (const region of regions) expect(region).toHaveAttribute("inert");
      expect(menuButton.parentElement).toHaveAttribute("inert");
      expect(document.getElementById("site-menu")).not.toHaveAttribute("inert");
      expect(document.documentElement.style.overflow).toBe("hidden");
      await user.click(screen.getByRole("button", { name: "Close menu" }));
      for (const region of regions) expect(region).not.toHaveAttribute("inert");
      expect(menuButton.parentElement).not.toHaveAttribute("inert");
      expect(document.documentElement.style.overflow).toBe("");
      expect(menuButton).toHaveFocus();
    });

    it("keeps Tab inside the panel, coming round at either end", async () => {
      const { user } = renderPage();
      await user.click(screen.getByRole("button", { name: "Menu" }));
      const close = screen.getByRole("button", { name: "Close menu" });
      const signIn = screen.getByRole("link", { name: "Sign In" });
      expect(close).toHaveFocus();
      await user.tab({ shift: true });
      expect(signIn).toHaveFocus();
      await user.tab();
      expect(close).toHaveFocus();
      const panel = document.getElementById("site-menu") as HTMLElement;
      for (let step = 0; step < 30; step += 1) {
        await user.tab();
        expect(panel.contains(document.activeElement)).toBe(true);
      }
    });

    it("offers Sign In, or the signed-in member's account", async () => {
      const signedOut = renderPage();
      await signedOut.user.click(screen.getByRole("button", { name: "Menu" }));
      let panel = document.getElementById("site-menu") as HTMLElement;
      expect(within(panel).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
      signedOut.unmount();
      const signedIn = renderPage({
        signedIn: true,
        member: {
          name: "Asha Verma",
          email: "asha@example.org",
          membership: "1",
          applicationId: "EN-0000000001",
          submittedAt: "2026-01-01T00:00:00.000Z",
          status: "active",
        },
      });
      await signedIn.user.click(screen.getByRole("button", { name: "Menu" }));
      panel = document.getElementById("site-menu") as HTMLElement;
      expect(within(panel).getByRole("link", { name: /Asha Verma/ })).toHaveAttribute("href", "/account");
      expect(within(panel).queryByRole("link", { name: "Sign In" })).toBeNull();
    });
  });
});
