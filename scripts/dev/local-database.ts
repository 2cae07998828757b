/**
 * A local Postgres for the site's records, offline: PGlite (Postgres compiled to WebAssembly) in
 * this process, behind PGlite's own socket server, with the project's migrations applied by the
 * emulator's `applyMigrations` (@netlify/database-dev), the same step a deploy takes. It sets
 * NETLIFY_DB_URL as Netlify does, so `getDatabase()` finds it in this process and in the
 * function workers it starts. Not the emulator's own server: its sockets hold each small answer
 * back about 44 ms (decision 0050); PGlite's socket server sends at once.
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { applyMigrations } from "@netlify/database-dev";

export const MIGRATIONS_DIRECTORY = path.resolve(
  import.meta.dirname,
  "..",
  "..",
  "netlify",
  "database",
  "migrations",
);

/** Where `npm start` keeps its records between runs, and `npm run preview` its own. */
export const LOCAL_DATABASE_DIRECTORY = ".netlify/database-local";
export const PREVIEW_DATABASE_DIRECTORY = ".netlify/database-preview";

/**
 * Beside a database kept on disk, while it is served: its address, for the scripts that read it
 * (`npm run outbox`) and for `psql "$(cat .netlify/database-local.url)"`. A folder is opened by one
 * process at a time; the scripts connect to the running server instead.
 */
export const urlFileOf = (directory: string) => `${directory.replace(/\/+$/, "")}.url`;

export type LocalDatabase = { url: string; db: PGlite; stop: () => Promise<void> };

/**
 * Starts a database in `directory` (kept between runs) or, without one, in memory (a browser-test
 * worker's, gone when it stops), migrated, and points this process's NETLIFY_DB_URL at it.
 */
export async function startLocalDatabase({ directory }: { directory?: string } = {}): Promise<LocalDatabase> {
  if (directory) await mkdir(directory, { recursive: true });
  const db = directory ? new PGlite(directory) : new PGlite();
  await applyMigrations(db, MIGRATIONS_DIRECTORY);
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1", maxConnections: 100 });
  await server.start();
  const url = `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  const before = { url: process.env.NETLIFY_DB_URL, driver: process.env.NETLIFY_DB_DRIVER };
  process.env.NETLIFY_DB_URL = url;
  process.env.NETLIFY_DB_DRIVER = "server";
  if (directory) await writeFile(urlFileOf(directory), `${url}\n`);
  return {
    url,
    db,
    stop: async () => {
      restore("NETLIFY_DB_URL", before.url);
      restore("NETLIFY_DB_DRIVER", before.driver);
      await server.stop();
      await db.close();
      if (directory) await rm(urlFileOf(directory), { force: true });
    },
  };
}

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
