/**
 * Builds the site search's index from the prerendered pages: each page's main content is cut into
 * sections at its headings (linked by the heading's or its section's anchor), and each member
 * and fellow card becomes a result of its own. Only what the pages show is indexed, so contact
 * details (never in the HTML) can never be found. Run by scripts/build/after-build.ts.
 */
import { JSDOM } from "jsdom";
import MiniSearch from "minisearch";
import { SEARCH_INDEX_OPTIONS, type SearchDoc, type SearchKind } from "../../src/shared/site-search.ts";

export type IndexablePage = { url: string; title: string; html: string };

/** What kind of result a page's sections are, or null for pages that only repeat others. */
export function pageKind(url: string): SearchKind | null {
  // A list's later pages (/news-events/page/2, /directory/page/3) are what its first page is.
  const path = new URL(url, "http://x").pathname.replace(/\/page\/\d+$/, "");
  if (path === "/" || path === "/news-events" || path === "/events" || path === "/search") return null;
  if (["/login", "/sign-up", "/contact-us"].includes(path)) return "page";
  if (path === "/rules") return "rules";
  if (path === "/office-bearers") return "office-bearers";
  if (path === "/executive-council" || path === "/editorial-board") return "council";
  if (path === "/awards") return "awards";
  if (path.startsWith("/news/")) return "news";
  if (path.startsWith("/events/")) return "event";
  if (path === "/congress") return "congress";
  if (path === "/directory") return "member";
  if (path === "/fellowship") return "fellow";
  return "page";
}

const SKIPPED =
  "script, style, svg, button, nav, form, select, [hidden], [aria-hidden='true'], .visually-hidden";
const HEADINGS = new Set(["H1", "H2", "H3", "H4"]);
/** Elements inside a line of text: the words around them are joined as written, not spaced apart. */
const INLINE = new Set([
  "A",
  "ABBR",
  "B",
  "CITE",
  "CODE",
  "DATA",
  "EM",
  "I",
  "MARK",
  "Q",
  "SMALL",
  "SPAN",
  "STRONG",
  "SUB",
  "SUP",
  "TIME",
  "U",
]);
/** What ends an element in the text: a space after a block (textContent would run blocks together). */
const after = (node: Node) => (node.nodeType === 1 && !INLINE.has((node as Element).tagName) ? " " : "");

/** The words of an element, as a reader sees them. */
function words(node: Node): string {
  const parts: string[] = [];
  const walk = (current: Node) => {
    if (current.nodeType === 3) parts.push(current.textContent ?? "");
    else for (const child of current.childNodes) walk(child);
    parts.push(after(current));
  };
  walk(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/**
 * An id made by useId, not by us: it names an element for its label or controls and may change
 * with any change to the page, so nothing should link to it. React's start with "_" (or "«" or
 * ":" in older versions).
 */
const isGeneratedId = (id: string) => /^[_«:]/.test(id);

/** The anchor a heading can be linked by: its own id, or that of the section it opens. */
function anchorOf(heading: Element): string | null {
  // The nearest enclosing element with an id of our own.
  let section = heading.parentElement;
  while (section && (!section.id || isGeneratedId(section.id))) section = section.parentElement;
  const sectionId = section && section.id !== "main" && section.id !== "root" ? section.id : null;
  // A heading id like "x-title" labels a section "x": link the section, which holds the heading.
  if (heading.id && !isGeneratedId(heading.id)) {
    return sectionId && heading.id.startsWith(sectionId) ? sectionId : heading.id;
  }
  return sectionId;
}

/** The searchable sections of one page. */
export function pageDocs(page: IndexablePage, nextId: () => number): SearchDoc[] {
  const kind = pageKind(page.url);
  if (!kind) return [];
  const main = new JSDOM(page.html).window.document.querySelector("main");
  if (!main) return [];
  for (const element of main.querySelectorAll(SKIPPED)) element.remove();
  if (kind === "member" || kind === "fellow") {
    return [...main.querySelectorAll("article")].map((card) => {
      const name = words(card.querySelector("h3") ?? card);
      card.querySelector("h3")?.remove();
      return { id: nextId(), url: page.url, page: page.title, title: name, kind, text: words(card) };
    });
  }
  const docs: SearchDoc[] = [];
  const hasHeading = main.querySelector("h1, h2, h3, h4") !== null;
  // Words before the first heading ("Back to Events", a kind label) are navigation, not content.
  let current = { title: page.title, anchor: null as string | null, text: [] as string[], skip: hasHeading };
  /** The headings above the current one, by level, so "Past recipients" reads as its award's. */
  const outline: string[] = [];
  const flush = () => {
    const text = current.text.join("").replace(/\s+/g, " ").trim();
    if (!current.skip && (text || current.anchor)) {
      const url = current.anchor ? `${page.url}#${current.anchor}` : page.url;
      docs.push({ id: nextId(), url, page: page.title, title: current.title, kind, text });
    }
  };
  // Walk the content in reading order; each heading closes the section before it.
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      current.text.push(node.textContent ?? "");
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    if (HEADINGS.has(element.tagName)) {
      flush();
      const level = Number(element.tagName[1]);
      const heading = words(element);
      outline.length = level;
      outline[level - 1] = heading;
      // Below the page's h1 and its first sections, a heading is named with its parent section's.
      const parent = level >= 3 ? outline[level - 2] : undefined;
      current = {
        title: parent ? `${parent}: ${heading}` : heading,
        anchor: anchorOf(element),
        text: [],
        skip: false,
      };
      return;
    }
    for (const child of element.childNodes) walk(child);
    current.text.push(after(element));
  };
  walk(main);
  flush();
  return docs;
}

/** The serialised MiniSearch index of every page: what /search-index.json holds. */
export function buildSearchIndex(pages: readonly IndexablePage[]): { json: string; documents: number } {
  let id = 0;
  const docs = pages.flatMap((page) => pageDocs(page, () => id++));
  const index = new MiniSearch<SearchDoc>(SEARCH_INDEX_OPTIONS);
  index.addAll(docs);
  return { json: JSON.stringify(index), documents: docs.length };
}
