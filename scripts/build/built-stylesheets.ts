/**
 * `virtual:built-stylesheets`: the text of each stylesheet of the browser's build, by the address
 * the framework links it at ("/assets/shell-….css"), for the server to write into the page's head
 * (src/app/inline-stylesheets.tsx, decision 0045). The framework builds the browser's files before
 * the server's, so the server's build reads them from build/client and carries them: the
 * prerender and the Netlify Function have them without reading files at run time.
 *
 * Elsewhere (the browser's build, `npm start`, the tests) the module is empty: the browser never
 * needs the texts, and the development server serves each stylesheet itself.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

const ID = "virtual:built-stylesheets";
const RESOLVED = `\0${ID}`;

export function builtStylesheetsPlugin(): Plugin {
  let building = false;
  let clientDir = "";
  return {
    name: "isgpb-built-stylesheets",
    configResolved(config) {
      building = config.command === "build";
      const client = config.environments.client?.build.outDir ?? "build/client";
      clientDir = path.resolve(config.root, client);
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return undefined;
      if (!building || this.environment.config.consumer !== "server") return "export default {};";
      const assets = path.join(clientDir, "assets");
      const names = (await readdir(assets)).filter((name) => name.endsWith(".css")).sort();
      const texts = Object.fromEntries(
        await Promise.all(
          names.map(async (name) => [`/assets/${name}`, await readFile(path.join(assets, name), "utf8")]),
        ),
      );
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
