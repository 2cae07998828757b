/**
 * The old site's addresses as netlify.toml declares them, read by Netlify's own parser
 * (@netlify/redirect-parser), so the build and the tests see exactly the rules the CDN applies.
 * The build keeps the framework's server handler off these paths (vite.config.ts): the CDN answers
 * them, and no route can shadow them.
 */
import path from "node:path";
import { parseAllRedirects } from "@netlify/redirect-parser";

export type Redirect = { from: string; to: string; status: number; force: boolean };

export async function netlifyRedirects(root: string): Promise<Redirect[]> {
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [],
    netlifyConfigPath: path.join(root, "netlify.toml"),
    configRedirects: [],
    minimal: true,
  });
  if (errors.length > 0) throw new Error(`netlify.toml's redirects do not parse: ${errors.join("; ")}`);
  return redirects as Redirect[];
}
