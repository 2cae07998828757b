import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { pageContent } from "#server/content/page-content.server.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { OfficeBearersView } from "./office-bearers-view.tsx";

const officeBearers = await pageContent("office-bearers.yaml");

/** The view as the route's loader feeds it for `year`. */
const view = (year: string | null) => ({
  years: officeBearers.years,
  year,
  bearers: year ? (officeBearers.terms[year] ?? null) : null,
});

describe("OfficeBearersView", () => {
  it("lists every term's label under 'Select Year', newest first, each once", () => {
    renderAt(<OfficeBearersView {...view(null)} />);
    const years = screen.getByRole("navigation", { name: "Select Year" });
    const labels = [...years.querySelectorAll("a")].map((link) => link.textContent);
    const terms = [...new Set(officeBearers.years)];
    expect(labels).toEqual(terms);
    expect(labels[0]).toBe(officeBearers.years[0]);
    expect(labels.filter((label) => label === "1992-1994")).toHaveLength(1);
  });

  it("asks for a year before one is chosen", () => {
    renderAt(<OfficeBearersView {...view(null)} />);
    expect(screen.getByText("Please select a year to view the office bearers")).toBeInTheDocument();
  });

  it("says so for a year without data", () => {
    renderAt(<OfficeBearersView {...view("1975")} />);
    expect(screen.getByText("No data available for the selected year")).toBeInTheDocument();
  });

  it("shows the title and name pairs of a year with data, both Vice Presidents included", () => {
    renderAt(<OfficeBearersView {...view("2020-2022")} />);
    expect(screen.getByRole("heading", { name: "Office Bearers 2020-2022" })).toBeInTheDocument();
    const term = officeBearers.terms["2020-2022"] ?? [];
    for (const bearer of term) {
      expect(screen.getByText(bearer.title)).toBeInTheDocument();
      for (const name of bearer.name.split("\n")) expect(screen.getByText(name)).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "2020-2022" })).toHaveAttribute("aria-current", "true");
  });

  it("links the term to the results page of the election that chose its Council, when it has one", () => {
    const results = "/elections/5f0c7d1e-3a52-4b8e-9c61-2d7e4f0a9b13/results";
    renderAt(<OfficeBearersView {...view("2023-2024")} results={results} />);
    expect(
      screen.getByRole("link", { name: "Results of the election of the Council for 2023-2024" }),
    ).toHaveAttribute("href", results);
  });

  it("has no results link for a term without one", () => {
    renderAt(<OfficeBearersView {...view("2020-2022")} results={null} />);
    expect(screen.queryByRole("link", { name: /Results of the election/ })).toBeNull();
  });

  it("puts the chosen year in the address: each term is a page of its own", async () => {
    const { user, location } = renderAt(<OfficeBearersView {...view(null)} />, "/office-bearers");
    await user.click(screen.getByRole("link", { name: "2016-2017" }));
    expect(location().pathname).toBe("/office-bearers/2016-2017");
  });

  it("has data for exactly the six terms of the spec", () => {
    expect(Object.keys(officeBearers.terms).sort()).toEqual(
      ["2011-2013", "2014-2015", "2016-2017", "2018-2019", "2020-2022", "2023-2024"].sort(),
    );
  });
});
