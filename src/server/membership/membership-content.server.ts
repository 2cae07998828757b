import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { type Membership, membershipSchema } from "#shared/schemas/membership.ts";

let cached: Membership | undefined;

/**
 * content/membership.yaml at run time (functions do not go through Vite's content plugin; the
 * file ships with them through netlify.toml's included_files). The build has already checked it.
 */
export function membershipContent(): Membership {
  cached ??= membershipSchema.parse(parse(readFileSync(path.resolve("content/membership.yaml"), "utf8")));
  return cached;
}
