/**
 * `npm start`'s database: the local Postgres of local-database.ts, kept in
 * .netlify/database-local, started with the dev server and stopped with it. Netlify's own Vite
 * plugin would start the emulator's (its `database` option is off in vite.config.ts: decision
 * 0050 says why).
 */
import type { Plugin } from "vite";
import { LOCAL_DATABASE_DIRECTORY, startLocalDatabase } from "./local-database.ts";

export function localDatabase(): Plugin {
  return {
    name: "isgpb:local-database",
    apply: "serve",
    async configureServer(server) {
      const local = await startLocalDatabase({ directory: LOCAL_DATABASE_DIRECTORY });
      server.config.logger.info(`  Records: local Postgres at ${local.url}`);
      server.httpServer?.once("close", () => void local.stop());
    },
  };
}
