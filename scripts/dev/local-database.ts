/**
 * A local Postgres for the site's records, offline: PGlite (Postgres compiled to WebAssembly) in
 * this process, with the project's migrations applied by the emulator's `applyMigrations`
 * (@netlify/database-dev), the same step a deploy takes, served on a local port by pg-gateway (the
 * Postgres wire protocol, as the emulator serves it). It sets NETLIFY_DB_URL as Netlify does, so
 * `getDatabase()` finds it in this process and in the function workers it starts.
 *
 * Not the emulator's own server, for two things it gets wrong (decision 0050): its sockets hold
 * each small answer back about 44 ms (no TCP_NODELAY), and it lets two connections' messages
 * interleave in PGlite's one session, so one connection's query runs inside another's transaction.
 * PGlite's own socket server keeps transactions apart but not a query's several messages (two at
 * once fail with 'portal "" does not exist'). Here a connection holds the session from its first
 * message until PGlite says it is idle again (ReadyForQuery, outside a transaction), and the others
 * wait their turn: one session, shared in turns, as a pooler in transaction mode shares one.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { connect, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { applyMigrations } from "@netlify/database-dev";
import { fromNodeSocket } from "pg-gateway/node";
import { closeDatabase } from "../../src/server/db/database.server.ts";

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

/**
 * The address of the server running over `directory`, if one answers there. A dev server stopped
 * by a signal (Ctrl-C) does not get to remove its address file: a file whose port no longer answers
 * is removed, and the caller opens the folder itself.
 */
export async function runningDatabaseUrl(directory: string): Promise<string | undefined> {
  const file = urlFileOf(directory);
  const url = await readFile(file, "utf8").then(
    (text) => text.trim(),
    () => undefined,
  );
  if (!url) return undefined;
  const { hostname, port } = new URL(url);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = connect({ host: hostname, port: Number(port), timeout: 2_000 });
    const done = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
  if (answers) return url;
  await rm(file, { force: true });
  return undefined;
}

export type LocalDatabase = { url: string; db: PGlite; stop: () => Promise<void> };

/**
 * Starts a database in `directory` (kept between runs) or, without one, in memory (a browser-test
 * worker's, gone when it stops), migrated, and points this process's NETLIFY_DB_URL at it.
 */
export async function startLocalDatabase({ directory }: { directory?: string } = {}): Promise<LocalDatabase> {
  if (directory) await mkdir(directory, { recursive: true });
  // The extensions the migrations create, as Netlify Database (Neon) offers them: PGlite loads
  // each only when it is given here.
  const extensions = { pg_trgm };
  const db = directory ? new PGlite(directory, { extensions }) : new PGlite({ extensions });
  await applyMigrations(db, MIGRATIONS_DIRECTORY);
  const { server, close } = serve(db);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
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
      await close();
      await db.close();
      if (directory) await rm(urlFileOf(directory), { force: true });
    },
  };
}

function restore(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/**
 * Runs `read` on `npm start`'s local database (or with `--preview` among `args`, the preview's):
 * through the running site's address while it answers, else by opening the folder itself.
 * Answers false, running nothing, when there is no such database yet.
 */
export async function withLocalRecords(args: string[], read: () => Promise<void>): Promise<boolean> {
  const directory = args.includes("--preview") ? PREVIEW_DATABASE_DIRECTORY : LOCAL_DATABASE_DIRECTORY;
  let opened: LocalDatabase | undefined;
  const running = await runningDatabaseUrl(directory);
  if (running) process.env.NETLIFY_DB_URL = running;
  else if (existsSync(directory)) opened = await startLocalDatabase({ directory });
  else return false;
  try {
    await read();
    return true;
  } finally {
    await closeDatabase();
    await opened?.stop();
  }
}

/** The session's turn: which connection holds it, and who waits for it. */
class SessionTurns {
  private holder: object | null = null;
  private waiting: { owner: object; start: () => void }[] = [];

  /** Resolves once `owner` holds the session (at once if it does already). */
  take(owner: object): Promise<void> {
    if (this.holder === owner) return Promise.resolve();
    if (this.holder === null) {
      this.holder = owner;
      return Promise.resolve();
    }
    return new Promise((start) => this.waiting.push({ owner, start }));
  }

  /** `owner` is done with the session: the next in line takes it. */
  give(owner: object): void {
    if (this.holder !== owner) {
      this.waiting = this.waiting.filter((turn) => turn.owner !== owner);
      return;
    }
    const next = this.waiting.shift();
    this.holder = next?.owner ?? null;
    next?.start();
  }
}

/** ReadyForQuery ('Z', length 5) ends PGlite's answer: its status byte 'I' is "idle, no transaction". */
const endsIdle = (answer: Uint8Array) =>
  answer.length >= 6 &&
  answer[answer.length - 6] === 0x5a &&
  answer[answer.length - 2] === 5 &&
  answer[answer.length - 1] === 0x49;

function serve(db: PGlite): { server: Server; close: () => Promise<void> } {
  const turns = new SessionTurns();
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    const owner = {};
    let inTransaction = false;
    socket.on("close", () => {
      sockets.delete(socket);
      // A connection gone mid-transaction leaves nothing behind for the next one.
      const release = inTransaction ? db.exec("ROLLBACK").catch(() => undefined) : Promise.resolve();
      void release.then(() => turns.give(owner));
    });
    fromNodeSocket(socket, {
      serverVersion: "16.3 (pglite)",
      auth: { method: "trust" },
      async onMessage(data, { isAuthenticated }) {
        if (!isAuthenticated) return;
        await turns.take(owner);
        const answer = await db.execProtocolRaw(data);
        if (endsIdle(answer)) {
          inTransaction = false;
          turns.give(owner);
        } else if (answer.length >= 6 && answer[answer.length - 6] === 0x5a) inTransaction = true;
        return answer;
      },
    }).catch((error: unknown) => {
      if (!(error instanceof Error && /ECONNRESET|EPIPE/.test(error.message)))
        console.warn(`local database: connection failed: ${String(error)}`);
    });
  });
  return {
    server,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
