import { screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { pageContent } from "#server/content/page-content.server.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { AwardCard } from "./award-card.tsx";
import { AwardsBrowser } from "./awards-browser.tsx";

const awards = pageContent("awards.yaml");

const award = awards.awards[0];
if (!award) throw new Error("awards.yaml has no awards");

describe("AwardCard", () => {
  it("shows past recipients at first and toggles them with Show/Hide Content", async () => {
    const { user } = renderAt(<AwardCard award={award} />);
    const toggle = screen.getByRole("button", { name: "Hide Content" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    const recipients = document.getElementById(toggle.getAttribute("aria-controls") ?? "") as HTMLElement;
    const first = award.recipients[0];
    if (first) expect(within(recipients).getByText(first.name)).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveTextContent("Show Content");
    expect(recipients).not.toBeVisible();
    await user.click(toggle);
    expect(recipients).toBeVisible();
  });

  it("renders no toggle before hydration (it would do nothing without JavaScript), the recipients shown", () => {
    const html = renderToString(<AwardCard award={award} />);
    expect(html).not.toContain('<button type="button"');
    // Only the toggle's unseen stand-in, which keeps its place.
    expect(html).toMatch(/<span class="button button-outline [^"]+" aria-hidden="true">Hide Content<\/span>/);
    const first = award.recipients[0];
    if (first) expect(html).toContain(first.name);
    expect(html).not.toMatch(/<div[^>]*hidden/);
  });

  it("keeps the download button disabled until a document is chosen", async () => {
    const { user } = renderAt(<AwardCard award={award} />);
    const button = screen.getByRole("button", { name: /^Download/ });
    expect(button).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Documents/), "Guidelines");
    expect(button).toBeEnabled();
    await user.selectOptions(screen.getByLabelText(/Documents/), "");
    expect(button).toBeDisabled();
  });

  it("submits the chosen file to /download, which redirects to it", () => {
    renderAt(<AwardCard award={award} />);
    const form = screen.getByRole("button", { name: /^Download/ }).closest("form");
    expect(form).toHaveAttribute("action", "/download");
    expect(form).toHaveAttribute("method", "get");
    const values = [...screen.getByLabelText(/Documents/).querySelectorAll("option")].map((o) => o.value);
    expect(values).toEqual(["", "award-guidelines.pdf", "award-application-form.pdf"]);
  });
});

describe("AwardsBrowser", () => {
  it("lists every award and moves focus to the card of the one chosen", async () => {
    const { user } = renderAt(<AwardsBrowser awards={awards.awards} />);
    const index = screen.getByRole("navigation", { name: "Our awards" });
    const links = within(index).getAllByRole("link");
    expect(links.map((link) => link.textContent)).toEqual(awards.awards.map((award) => award.name));
    const last = awards.awards.at(-1);
    if (!last) throw new Error("expected awards in content/awards.yaml");
    await user.click(within(index).getByRole("link", { name: last.name }));
    expect(document.getElementById(last.id)).toHaveFocus();
    expect(window.location.hash).toBe(`#${last.id}`);
  });
});
