import type { Plugin } from "vite";

/** A server module, by place or by name: src/server/**, or any *.server.ts. */
export const isServerModule = (id: string) =>
  /[\\/]src[\\/]server[\\/]|\.server\.tsx?$/.test(id.split("?")[0] ?? "");

/**
 * Fails the client build when a server module would end up in the browser's bundle (secrets,
 * Node-only code): the import rules' test reads the source, this checks what the bundler took.
 */
export function serverCodeGuard(): Plugin {
  return {
    name: "isgpb:server-code-guard",
    apply: "build",
    load(id) {
      if (this.environment.name === "client" && isServerModule(id))
        this.error(
          `${id} is server code and must not be bundled for the browser (import it from src/server only).`,
        );
      return null;
    },
  };
}
