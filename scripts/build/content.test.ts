import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { contentSchemas } from "../../src/shared/content-schemas.ts";
import { ContentError, parseContent } from "./content.ts";

const read = (file: string) => readFile(`content/${file}`, "utf8");

describe("content files", () => {
  it("every YAML file under content/ has a schema, and every schema a file", async () => {
    const files = (await readdir("content", { recursive: true })).filter((file) => file.endsWith(".yaml"));
    expect(files.sort()).toEqual(Object.keys(contentSchemas).sort());
  });

  it.each(Object.keys(contentSchemas))("%s satisfies its schema", async (file) => {
    expect(() => parseContent(file, "")).toThrow(ContentError);
    expect(parseContent(file, await read(file))).toBeTruthy();
  });
});

describe("parseContent", () => {
  it("names the file and the field of a malformed value", async () => {
    const about = (await import("yaml")).parse(await read("about.yaml"));
    about.aims.items.pop();
    expect(() => parseContent("about.yaml", stringify(about))).toThrow(
      /content\/about\.yaml: aims\.items: .*5/,
    );
  });

  it("names the nested field of a bad list entry", async () => {
    const awards = (await import("yaml")).parse(await read("awards.yaml"));
    awards.awards[2].recipients[0].year = "last year";
    expect(() => parseContent("awards.yaml", stringify(awards))).toThrow(
      /content\/awards\.yaml: awards\.2\.recipients\.0\.year:/,
    );
  });

  it("refuses unknown keys, so a misspelt field is not silently dropped", async () => {
    const site = (await import("yaml")).parse(await read("site.yaml"));
    site.jounral = site.journal;
    expect(() => parseContent("site.yaml", stringify(site))).toThrow(/content\/site\.yaml: .*jounral/);
  });

  it("reports YAML syntax errors with the file name", () => {
    expect(() => parseContent("site.yaml", "name: [unclosed")).toThrow(/content\/site\.yaml: not valid YAML/);
  });

  it("refuses a file no schema is registered for", () => {
    expect(() => parseContent("stray.yaml", "a: 1")).toThrow(/content\/stray\.yaml: no schema is registered/);
  });

  it("refuses repeated office-bearer years and terms for unlisted years", () => {
    const text = stringify({
      years: ["2020-2022", "2020-2022"],
      terms: { "1999": [{ title: "President", name: "X" }] },
    });
    const message = (() => {
      try {
        parseContent("office-bearers.yaml", text);
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(message).toMatch(/years: years must not repeat/);
    expect(message).toMatch(/terms: every term must be one of the listed years/);
  });
});
