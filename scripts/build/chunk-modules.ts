/**
 * Writes .build/client-chunks.json after a client build: for each JavaScript file in build/client/, the
 * source modules bundled into it (paths relative to the project). The script-budget check reads
 * it to say which heavy module put a page over its budget (scripts/build/script-budget.ts).
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

export const CHUNK_MODULES_FILE = ".build/client-chunks.json";

export function chunkModulesPlugin(): Plugin {
  return {
    name: "isgpb-chunk-modules",
    apply: "build",
    async generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const { root } = this.environment.config;
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = output.moduleIds
          .filter((id) => !id.startsWith("\0"))
          .map((id) => path.relative(root, id.split("?")[0] ?? id).replaceAll(path.sep, "/"));
      }
      await mkdir(path.join(root, ".build"), { recursive: true });
      await writeFile(path.join(root, CHUNK_MODULES_FILE), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
