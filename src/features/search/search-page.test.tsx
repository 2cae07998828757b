import { cleanup, screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { SearchHit } from "#shared/site-search.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import { SearchPage } from "./search-page.tsx";

const hit = (over: Partial<SearchHit>): SearchHit => ({
  url: "/rules#fees",
  page: "Rules",
  kind: "rules",
  title: [{ text: "3. Fees", mark: false }],
  snippet: [{ text: "Life members pay once.", mark: false }],
  ...over,
});

describe("SearchPage", () => {
  it("is a plain GET form to /search before JavaScript, holding the query", () => {
    renderAt(<SearchPage query="fees" hits={[hit({})]} total={1} failed={false} />, "/search?q=fees");
    const box = screen.getByLabelText("Search the whole site");
    expect(box).toHaveValue("fees");
    const form = box.closest("form");
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveAttribute("action", "/search");
    expect(screen.getByRole("status")).toHaveTextContent("1 result for “fees”");
    expect(screen.getByRole("link", { name: "3. Fees" })).toHaveAttribute("href", "/rules#fees");
  });

  it("shows the query and every text as text, marks the matched words and links only site paths", () => {
    const query = `<img src=x onerror="alert(1)">`;
    const { container } = renderAt(
      <SearchPage
        query={query}
        hits={[
          hit({ url: "javascript:alert(1)", page: "<b>Page</b>", title: [{ text: "<i>T</i>", mark: true }] }),
          hit({ url: "//elsewhere.example/x", title: [{ text: "Away", mark: false }] }),
        ]}
        total={2}
        failed={false}
      />,
      "/search",
    );
    expect(container.querySelector("img, b, i")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent(`2 results for “${query}”`);
    expect(screen.getByText("<i>T</i>").tagName).toBe("MARK");
    expect(screen.getByRole("link", { name: "<i>T</i>" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Away" })).toHaveAttribute("href", "/");
  });

  it("says when nothing matched, and when the search itself failed", () => {
    renderAt(<SearchPage query="zzz" hits={[]} total={0} failed={false} />, "/search");
    expect(screen.getByRole("status")).toHaveTextContent("No results for “zzz”. Try fewer or shorter words.");
    cleanup();
    renderAt(<SearchPage query="zzz" hits={[]} total={0} failed />, "/search");
    expect(screen.getByRole("alert")).toHaveTextContent("The search is unavailable right now.");
  });

  it("says a list cut at 50 is the first 50 of how many, and how to narrow it, without JavaScript too (issue 54, item 6)", () => {
    const hits = Array.from({ length: 50 }, (_, n) =>
      hit({ url: `/directory/page/${n}`, title: [{ text: `Member ${n}`, mark: false }] }),
    );
    renderAt(<SearchPage query="krishi" hits={hits} total={375} failed={false} />, "/search?q=krishi");
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("First 50 of 375 results for “krishi”");
    expect(status).not.toHaveTextContent(/^50 results/);
    expect(screen.getByText(/Add a word to narrow them/)).toBeInTheDocument();
    expect(within(screen.getByRole("list")).getAllByRole("listitem")).toHaveLength(50);
  });

  it("replaces the results whole when a new answer comes, even where hits share a URL", async () => {
    const member = (name: string) =>
      hit({
        url: "/directory/page/11",
        page: "Directory",
        kind: "member",
        title: [{ text: name, mark: false }],
      });
    const first = [member("Krishi Member One"), member("Krishi Member Two"), hit({ url: "/events/krishi" })];
    const second = [
      hit({ url: "/events/swaminathan", title: [{ text: "Swaminathan lecture", mark: false }] }),
    ];
    function Answers() {
      const [answer, setAnswer] = useState({ query: "krishi", hits: first });
      return (
        <>
          <button type="button" onClick={() => setAnswer({ query: "Swaminathan", hits: second })}>
            Next answer
          </button>
          <SearchPage query={answer.query} hits={answer.hits} total={answer.hits.length} failed={false} />
        </>
      );
    }
    const { user } = renderAt(<Answers />, "/search?q=krishi");
    const list = () => screen.getByRole("list");
    expect(within(list()).getAllByRole("listitem")).toHaveLength(3);
    await user.click(screen.getByRole("button", { name: "Next answer" }));
    expect(screen.getByRole("status")).toHaveTextContent("1 result for “Swaminathan”");
    expect(
      within(list())
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Swaminathan lecture"]);
  });
});
