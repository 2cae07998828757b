/**
 * Which requests serve.ts hands to its edge-functions emulator: those an edge function is declared
 * for, read once from the functions' configs (serve.ts says why it does not ask the emulator).
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Config } from "@netlify/edge-functions";

/** Whether a request (its method and full URL) is one an edge function is declared for. */
export type EdgeRoute = (method: string, url: string) => boolean;

/** The routes of every edge function in `directory`, read from the functions' own modules. */
export async function readEdgeRoutes(directory: string): Promise<EdgeRoute[]> {
  const files = (await readdir(directory)).filter((name) => /\.[cm]?[jt]s$/.test(name));
  return Promise.all(
    files.map(async (name) => {
      const { config = {} } = (await import(pathToFileURL(path.join(directory, name)).href)) as {
        config?: Config;
      };
      return edgeRoute(name, config);
    }),
  );
}

/**
 * The requests one edge function (`name`, for the error) is declared for: its `config`'s path,
 * excludedPath and method. Any other key that narrows or widens where a function runs stops the
 * server: the emulator would honour it and this would not.
 */
export function edgeRoute(name: string, config: Config): EdgeRoute {
  const other = Object.keys(config).filter((key) => !EDGE_ROUTING_UNDERSTOOD.has(key));
  if (other.length > 0 || !config.path)
    throw new Error(`serve.ts cannot route edge function ${name} (${other.join(", ") || "no path"})`);
  const patterns = (paths: string | string[] | undefined) =>
    [paths ?? []].flat().map((pathname) => new URLPattern({ pathname }));
  const included = patterns(config.path);
  const excluded = patterns(config.excludedPath);
  const methods = [config.method ?? []].flat().map((method) => method.toUpperCase());
  return (method: string, url: string) =>
    (methods.length === 0 || methods.includes(method.toUpperCase())) &&
    included.some((pattern) => pattern.test(url)) &&
    !excluded.some((pattern) => pattern.test(url));
}

/** The config keys edgeRoute understands: where it runs, and what does not change where. */
const EDGE_ROUTING_UNDERSTOOD = new Set([
  "path",
  "excludedPath",
  "method",
  "rateLimit",
  "cache",
  "onError",
  "name",
]);
