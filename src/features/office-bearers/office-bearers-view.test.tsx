import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import officeBearers from "#content/office-bearers.yaml";
import { renderAt } from "#tests/support/render-route.tsx";
import { OfficeBearersView } from "./office-bearers-view.tsx";

describe("OfficeBearersView", () => {
  it("lists every term's label under 'Select Year', newest first, each once", () => {
    renderAt(<OfficeBearersView data={officeBearers} year={null} />);
    const years = screen.getByRole("navigation", { name: "Select Year" });
    const labels = [...years.querySelectorAll("a")].map((link) => link.textContent);
    const terms = [...new Set(officeBearers.years)];
    expect(labels).toEqual(terms);
    expect(labels[0]).toBe(officeBearers.years[0]);
    expect(labels.filter((label) => label === "1992-1994")).toHaveLength(1);
  });

  it("asks for a year before one is chosen", () => {
    renderAt(<OfficeBearersView data={officeBearers} year={null} />);
    expect(screen.getByText("Please select a year to view the office bearers")).toBeInTheDocument();
  });

  it("says so for a year without data", () => {
    renderAt(<OfficeBearersView data={officeBearers} year="1975" />);
    expect(screen.getByText("No data available for the selected year")).toBeInTheDocument();
  });

  it("shows the title and name pairs of a year with data, both Vice Presidents included", () => {
    renderAt(<OfficeBearersView data={officeBearers} year="2020-2022" />);
    expect(screen.getByRole("heading", { name: "Office Bearers 2020-2022" })).toBeInTheDocument();
    const term = officeBearers.terms["2020-2022"] ?? [];
    for (const bearer of term) {
      expect(screen.getByText(bearer.title)).toBeInTheDocument();
      for (const name of bearer.name.split("\n")) expect(screen.getByText(name)).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "2020-2022" })).toHaveAttribute("aria-current", "true");
  });

  it("puts the chosen year in the URL", async () => {
    const { user, router } = renderAt(
      <OfficeBearersView data={officeBearers} year={null} />,
      "/office-bearers",
    );
    await user.click(screen.getByRole("link", { name: "2016-2017" }));
    expect(router.state.location.search).toBe("?year=2016-2017");
  });

  it("has data for exactly the six terms of the spec", () => {
    expect(Object.keys(officeBearers.terms).sort()).toEqual(
      ["2011-2013", "2014-2015", "2016-2017", "2018-2019", "2020-2022", "2023-2024"].sort(),
    );
  });
});
