import { describe, expect, it } from "vitest";
import { checkPage, initialScripts, type Manifest, SCRIPT_BUDGET_KB } from "./script-budget.ts";

const manifest: Manifest = {
  "index.html": { file: "assets/boot.js", isEntry: true, dynamicImports: ["src/app/entry-client.tsx"] },
  "src/app/entry-client.tsx": { file: "assets/app.js", isEntry: true, imports: ["_react.js"] },
  "_react.js": { file: "assets/react.js" },
  "src/routes/contact-us.tsx": { file: "assets/contact-us.js", imports: ["_contact.js"] },
  "_contact.js": { file: "assets/contact.js" },
  "src/routes/sign-up.tsx": { file: "assets/sign-up.js" },
};

describe("initialScripts", () => {
  it("counts the boot script, the app it starts, the chunks it lists, and their static imports", () => {
    const html = `<script type="application/ld+json">{}</script><script type="module" fetchpriority="low" data-entry="/assets/app.js" data-modules="/assets/app.js /assets/contact-us.js" crossorigin src="/assets/boot.js"></script>`;
    expect(initialScripts(html, manifest)).toEqual([
      "assets/app.js",
      "assets/boot.js",
      "assets/contact-us.js",
      "assets/contact.js",
      "assets/react.js",
    ]);
  });

  it("counts modulepreload links, which start downloading at once", () => {
    const html = `<script type="module" src="/assets/app.js"></script><link rel="modulepreload" href="/assets/sign-up.js">`;
    expect(initialScripts(html, manifest)).toEqual(["assets/app.js", "assets/react.js", "assets/sign-up.js"]);
  });
});

describe("checkPage", () => {
  const sizes: Record<string, number> = {
    "assets/app.js": 70,
    "assets/big.js": 90,
    "assets/contact.js": 24,
    "assets/react-dom.js": 67,
  };
  const sources = (file: string) =>
    file === "assets/contact.js"
      ? ["node_modules/zod/v4/classic/schemas.js", "src/shared/schemas/contact.ts"]
      : file === "assets/react-dom.js"
        ? ["node_modules/react-dom/cjs/react-dom-client.production.js"]
        : [];

  it("fails a page over the budget and names zod when it is the cause", () => {
    const line = checkPage(
      "/contact-us",
      ["assets/big.js", "assets/contact.js"],
      (f) => sizes[f] ?? 0,
      sources,
    );
    expect(line.kb).toBeGreaterThan(SCRIPT_BUDGET_KB);
    expect(line.ok).toBe(false);
    expect(line.reasons.join()).toMatch(/zod's full build.*assets\/contact\.js, 24\.0 KB/);
  });

  it("names React's own react-dom when the build has lost its Preact aliases", () => {
    const line = checkPage("/", ["assets/app.js", "assets/react-dom.js"], (f) => sizes[f] ?? 0, sources);
    expect(line.ok).toBe(false);
    expect(line.reasons.join()).toMatch(
      /react-dom is in the browser bundle.*assets\/react-dom\.js, 67\.0 KB/,
    );
  });

  it("passes a page within the budget, at the budget exactly too", () => {
    expect(checkPage("/", ["assets/app.js"], (f) => sizes[f] ?? 0, sources)).toMatchObject({
      ok: true,
      reasons: [],
    });
    expect(checkPage("/", ["x"], () => SCRIPT_BUDGET_KB, sources).ok).toBe(true);
  });
});
