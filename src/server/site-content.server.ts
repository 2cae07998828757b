import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { type Site, siteSchema } from "#shared/schemas/site.ts";

let cached: Site | undefined;

/** content/site.yaml at run time (shipped with the functions through netlify.toml's included_files). */
export function siteContent(): Site {
  cached ??= siteSchema.parse(parse(readFileSync(path.resolve("content/site.yaml"), "utf8")));
  return cached;
}
