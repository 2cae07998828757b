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
    const docs = pageDocs({ url: "/directory/page/2", title: "Member Directory", html }, next);
    expect(docs).toEqual([
      expect.objectContaining({
        url: "/directory/page/2",
        title: "Dr. B",
        kind: "member",
        text: "Scientist Krishi Vishwavidyalaya",
      }),
    ]);
  });

  it("leaves out pages that only repeat others: a news list's every page repeats its items", () => {
    const list = "<main><h1>News</h1><article><h3>Wheat field day</h3><p>On 5 May.</p></article></main>";
    for (const url of ["/news-events", "/news-events/page/2", "/events/page/3"])
      expect(pageDocs({ url, title: "News", html: list }, next)).toEqual([]);
  });

  it("joins the words of a line as they read, spacing only between blocks", () => {
    const html = `<main><h1>Awards</h1><ul><li><strong>Dr. A. Tomar</strong>, <!-- -->ICAR, Karnal<!-- --> <span>(<!-- -->2024<!-- -->)</span></li><li><a href="/x">Dr. B</a></li></ul></main>`;
    const [doc] = pageDocs({ url: "/awards", title: "Awards", html }, next);
    expect(doc?.text).toBe("Dr. A. Tomar, ICAR, Karnal (2024) Dr. B");
  });
});
