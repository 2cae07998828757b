import { getConnectionString, getDatabase } from "@netlify/database";
import { Kysely, PostgresDialect, type PostgresPool, type Transaction } from "kysely";
import pg from "pg";
import { readEnv } from "../env.server.ts";
import type { Database } from "./schema.server.ts";

/**
 * The site's records: Netlify Database (Postgres), through Kysely (decision 0050). Netlify gives
 * the address in NETLIFY_DB_URL, on a deploy and locally alike (scripts/dev/local-database.ts,
 * tests/support/database.ts); `getDatabase()` opens the pool for it, and Kysely builds every query
 * from it, parameterised. One pool per address and instance: a warm function reuses it.
 */
let open: { url: string; db: Kysely<Database> } | undefined;

export function database(): Kysely<Database> {
  const url = getConnectionString();
  if (open?.url === url) return open.db;
  const { pool } = getDatabase();
  // Bounded, so a form answers its 503 in time while the database is down or slow (decision 0050).
  // Set on the pool just made, before its first connection: pg's pool (and Neon's, which is pg's)
  // reads its options as it opens each connection and at each query, so they hold for every
  // connection Kysely uses (database.server.test.ts shows it).
  const ms = readEnv().DATABASE_TIMEOUT_MS;
  Object.assign(pool.options, { connectionTimeoutMillis: ms, query_timeout: ms, max: 5, types: TYPES });
  // `pool` is pg's, or on the serverless driver Neon's, which is pg's over WebSockets: the same
  // interface, though its client type is declared apart.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as PostgresPool }) });
  // An idle connection the server dropped (a restart, a suspended compute) is an error event on
  // the pool: logged, not a crash; the next query opens another.
  pool.on("error", (error: Error) => console.warn(`database: idle connection lost: ${error.message}`));
  const previous = open;
  open = { url, db };
  if (previous) void previous.db.destroy();
  return db;
}

/**
 * A `date` column is a day, not a moment: read as its "YYYY-MM-DD" text, as the site's `Day` is,
 * not turned into a Date at midnight in the server's time zone.
 */
const DATE_OID = 1082;
const TYPES = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === DATE_OID
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** Closes this instance's pool (the tests, between databases; scripts, at their end). */
export async function closeDatabase(): Promise<void> {
  const previous = open;
  open = undefined;
  await previous?.db.destroy();
}

/** The database or a transaction of it: what a function that reads or writes records is given. */
export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;

/** Runs `work` in one transaction: all of its writes are kept, or none. */
export const inTransaction = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
  database().transaction().execute(work);

/** Whether a failed write broke a unique constraint (named `constraint`, if given). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = error as { code?: unknown; constraint?: unknown } | null;
  return found?.code === "23505" && (constraint === undefined || found.constraint === constraint);
}
