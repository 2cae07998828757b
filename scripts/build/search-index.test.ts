import { describe, expect, it } from "vitest";
import { pageDocs } from "./search-index.ts";

let id = 0;
const next = () => id++;

describe("pageDocs", () => {
  it("cuts a page into sections at its headings, linked by their section's anchor, never a generated id", () => {
    const html = `<header>Site name</header><main><p><a href="/">Back</a></p><h1>Rules</h1><p>Intro.</p>
      <section id="fees"><h2 id="fees-title">3. Fees</h2><p>Life members</p><p>pay once.</p></section>
      <section id="awards-x"><h2>Award X</h2><div id="_R_1_"><h3>Past recipients</h3><p>Dr. A (2020)</p></div></section>
      <section id="awards-y"><h2>Award Y</h2><div id="«r6»"><h3>Past recipients</h3><p>Dr. C (2021)</p></div></section>
      <nav>Other pages</nav><button>Show</button></main><footer>Footer</footer>`;
    const docs = pageDocs({ url: "/rules", title: "Rules", html }, next);
    expect(docs.map(({ url, title, text }) => ({ url, title, text }))).toEqual([
      { url: "/rules", title: "Rules", text: "Intro." },
      { url: "/rules#fees", title: "3. Fees", text: "Life members pay once." },
      { url: "/rules#awards-x", title: "Award X", text: "" },
      { url: "/rules#awards-x", title: "Award X: Past recipients", text: "Dr. A (2020)" },
      { url: "/rules#awards-y", title: "Award Y", text: "" },
      { url: "/rules#awards-y", title: "Award Y: Past recipients", text: "Dr. C (2021)" },
    ]);
  });

  it("makes each member card a result of its own, with the page it is on", () => {
    const html = `<main><h1>Member Directory</h1><article><h3>Dr. B</h3><p>Scientist</p><p>Krishi Vishwavidyalaya</p><button>View More</button></article></main>`;
    const docs = pageDocs({ url: "/directory?page=2", title: "Member Directory", html }, next);
    expect(docs).toEqual([
      expect.objectContaining({
        url: "/directory?page=2",
        title: "Dr. B",
        kind: "member",
        text: "Scientist Krishi Vishwavidyalaya",
      }),
    ]);
  });

  it("leaves out pages that only repeat others", () => {
    expect(
      pageDocs({ url: "/news-events?page=2", title: "News", html: "<main><h1>News</h1></main>" }, next),
    ).toEqual([]);
  });
});
