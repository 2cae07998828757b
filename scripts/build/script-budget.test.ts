import { describe, expect, it } from "vitest";
import { checkPage, initialScripts, type Manifest, SCRIPT_CEILING_KB } from "./script-budget.ts";

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
    "assets/app.js": 100,
    "assets/big.js": 120,
    "assets/contact.js": 24,
  };
  const sources = (file: string) =>
    file === "assets/contact.js"
      ? ["node_modules/zod/v4/classic/schemas.js", "src/shared/schemas/contact.ts"]
      : [];

  it("fails a page over the ceiling and names zod when it is the cause", () => {
    const line = checkPage(
      "/contact-us",
      ["assets/big.js", "assets/contact.js"],
      (f) => sizes[f] ?? 0,
      sources,
    );
    expect(line.kb).toBeGreaterThan(SCRIPT_CEILING_KB);
    expect(line.ok).toBe(false);
    expect(line.reasons.join()).toMatch(/zod's full build.*assets\/contact\.js, 24\.0 KB/);
  });

  it("passes a page within the target", () => {
    const line = checkPage("/", ["assets/app.js"], (f) => sizes[f] ?? 0, sources);
    expect(line).toMatchObject({ ok: true, onTarget: true, reasons: [] });
  });
});
