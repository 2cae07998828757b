import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import {
  cleanQuery,
  foldTerm,
  highlight,
  runSearch,
  SEARCH_INDEX_OPTIONS,
  SEARCH_QUERY_MAX,
  SEARCH_RESULTS_MAX,
  type SearchDoc,
} from "./site-search.ts";

const docs: SearchDoc[] = [
  {
    id: 1,
    url: "/events/lecture",
    page: "Lecture",
    title: "Dr. M. S. Swaminathan Memorial Lecture",
    kind: "event",
    text: "In honour of Dr. M. S. Swaminathan.",
  },
  {
    id: 2,
    url: "/directory?page=3",
    page: "Member Directory",
    title: "Dr. Renée Iyer",
    kind: "member",
    text: "Scientist Indira Gandhi Krishi Vishwavidyalaya",
  },
  {
    id: 3,
    url: "/rules#fees",
    page: "Rules",
    title: "3. Fees",
    kind: "rules",
    text: "Life members pay once.",
  },
  {
    id: 4,
    url: "/news/trials",
    page: "News",
    title: "Vitamin B and I: phase II trials",
    kind: "news",
    text: "A trial of a kind, in a field.",
  },
];
const index = new MiniSearch<SearchDoc>(SEARCH_INDEX_OPTIONS);
index.addAll(docs);

describe("foldTerm", () => {
  it("folds case, accents and the usual romanisations to one form", () => {
    expect(foldTerm("Renée")).toBe(foldTerm("renee"));
    expect(foldTerm("Swaminathan")).toBe(foldTerm("SVAMINATHAN"));
    expect(new Set(["Vishwavidyalaya", "Viswavidyalaya", "Vishvavidyalaya"].map(foldTerm)).size).toBe(1);
    expect(foldTerm("Deepak")).toBe(foldTerm("Dipak"));
    expect(foldTerm("Chhabra")).toBe(foldTerm("Chabra"));
  });
});

describe("runSearch", () => {
  it("finds 'M. S. Swaminathan' by 'Swaminathan' and 'Krishi Vishwavidyalaya' by 'krishi', highlighting the words", () => {
    const [lecture] = runSearch(index, "Swaminathan").hits;
    expect(lecture?.url).toBe("/events/lecture");
    expect(lecture?.title.filter((segment) => segment.mark).map((segment) => segment.text)).toEqual([
      "Swaminathan",
    ]);
    const [member] = runSearch(index, "krishi").hits;
    expect(member?.snippet.filter((segment) => segment.mark).map((segment) => segment.text)).toEqual([
      "Krishi",
    ]);
    expect(runSearch(index, "renee").hits[0]?.url).toBe("/directory?page=3");
    // A letter just typed after a word does not empty the results.
    expect(runSearch(index, "krishi v").hits[0]?.url).toBe("/directory?page=3");
  });

  it("never lets a word folded to one letter match every such word: 'aaaa' is not 'a'", () => {
    for (const query of ["aaaa", "bbbb", "eeee", "mmmm", "aa", "swaminathan ssss"])
      expect(runSearch(index, query).hits, query).toEqual([]);
    // A letter or a doubled one typed as such still finds its word.
    expect(runSearch(index, "B").hits[0]?.url).toBe("/news/trials");
    const [trials] = runSearch(index, "II").hits;
    expect(trials?.title.filter((segment) => segment.mark).map((segment) => segment.text)).toEqual(["II"]);
    // The last word as a beginning, and a typo in a long word, as before.
    expect(runSearch(index, "swami").hits[0]?.url).toBe("/events/lecture");
    expect(runSearch(index, "Swaminatan").hits[0]?.url).toBe("/events/lecture");
  });

  it("shows the first 50 results and says how many matched in all (issue 54, item 6)", () => {
    const many = new MiniSearch<SearchDoc>(SEARCH_INDEX_OPTIONS);
    many.addAll(
      Array.from({ length: 120 }, (_, n) => ({
        id: n,
        url: `/directory/page/${n}`,
        page: "Member Directory",
        title: `Member ${n}`,
        kind: "member" as const,
        text: "Krishi Vishwavidyalaya",
      })),
    );
    const answer = runSearch(many, "krishi");
    expect(answer.hits).toHaveLength(SEARCH_RESULTS_MAX);
    expect(answer.total).toBe(120);
    expect(runSearch(index, "krishi")).toMatchObject({ total: 1 });
  });

  it("answers empty, hostile and huge queries with results or none, never an error", () => {
    for (const query of ["", "   ", "<script>alert(1)</script>", ".*(?<=[", "\\", "x".repeat(10_000), "🙂"]) {
      expect(() => runSearch(index, query)).not.toThrow();
    }
    expect(runSearch(index, "")).toEqual({ hits: [], total: 0 });
  });
});

describe("highlight", () => {
  it("keeps the text whole, marking only matched words", () => {
    const segments = highlight("Dr. M. S. Swaminathan, geneticist", new Set([foldTerm("swaminathan")]));
    expect(segments.map((segment) => segment.text).join("")).toBe("Dr. M. S. Swaminathan, geneticist");
    expect(segments.filter((segment) => segment.mark)).toEqual([{ text: "Swaminathan", mark: true }]);
  });
});

describe("cleanQuery", () => {
  it("cuts a query of 10,000 characters to what a search needs, so no page shows it whole (issue 33, item 13)", () => {
    const cleaned = cleanQuery(`${"a".repeat(10_000)}   b`);
    expect(cleaned).toHaveLength(SEARCH_QUERY_MAX);
    expect(cleanQuery("  seed   banks \n")).toBe("seed banks");
  });

  it("drops control characters, so q=%00 puts no NUL into the page", () => {
    expect(cleanQuery("\u0000")).toBe("");
    expect(cleanQuery("seed\u0000banks\u0007\u009f")).toBe("seed banks");
    expect(cleanQuery("बीज बैंक")).toBe("बीज बैंक");
  });
});
