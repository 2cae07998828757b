import { createServer, type Socket, connect as tcpConnect } from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startDatabase } from "../../../tests/support/database.ts";
import { closeDatabase, database } from "./database.server.ts";

/**
 * The pool's bounds (DATABASE_TIMEOUT_MS) are set on the pool `getDatabase()` made, after it was
 * made: here they are shown to hold for the connections Kysely's queries actually use. A proxy in
 * front of the test database passes everything until it is told to hold what the site sends: a
 * connection that is open and then stops answering, as a suspended or overloaded server does.
 */
describe("the database's bounds", () => {
  vi.setConfig({ hookTimeout: 60_000 });
  const { local } = startDatabase();
  const sockets = new Set<Socket>();
  let holding = false;
  let proxyUrl = "";
  const proxy = createServer((client) => {
    const { port } = new URL(local().url);
    const upstream = tcpConnect(Number(port), "127.0.0.1");
    sockets.add(client).add(upstream);
    client.on("data", (chunk) => {
      if (!holding) upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const address = proxy.address();
    const port = typeof address === "object" && address ? address.port : 0;
    proxyUrl = local().url.replace(/:\d+\//, `:${port}/`);
  });
  afterAll(async () => {
    await closeDatabase();
    vi.unstubAllEnvs();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it("a query on an open connection that stops answering fails within DATABASE_TIMEOUT_MS", async () => {
    await closeDatabase();
    vi.stubEnv("NETLIFY_DB_URL", proxyUrl);
    vi.stubEnv("DATABASE_TIMEOUT_MS", "300");
    // The connection is made and answers.
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database());
    expect(rows).toEqual([{ one: 1 }]);
    holding = true;
    const started = Date.now();
    await expect(sql`SELECT 2`.execute(database())).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(2000);
    holding = false;
  });

  it("reads a date column as its day, as the pool's type parsers say", async () => {
    await closeDatabase();
    vi.stubEnv("NETLIFY_DB_URL", local().url);
    const { rows } = await sql<{ day: unknown }>`SELECT '2026-04-01'::date AS day`.execute(database());
    expect(rows).toEqual([{ day: "2026-04-01" }]);
  });
});
