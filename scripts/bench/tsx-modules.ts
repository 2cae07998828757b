/**
 * Lets a benchmark import the server's modules from source, mail templates included: Node strips
 * TypeScript's types but does not compile JSX, so each `.tsx` file is compiled as it is loaded
 * (esbuild, React's automatic runtime, as the build compiles it). Imported first, before any
 * module that reaches a template.
 */
import { readFileSync } from "node:fs";
import { registerHooks } from "node:module";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";

registerHooks({
  load(url, context, nextLoad) {
    if (!url.startsWith("file:") || !url.endsWith(".tsx")) return nextLoad(url, context);
    const path = fileURLToPath(url);
    const { code } = transformSync(readFileSync(path, "utf8"), {
      loader: "tsx",
      jsx: "automatic",
      format: "esm",
      sourcefile: path,
    });
    return { format: "module", source: code, shortCircuit: true };
  },
});
