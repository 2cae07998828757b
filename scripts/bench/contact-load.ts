/**
 * Load benchmark of the contact form: 1,000 plain POSTs to /contact-us (the page's own form, as a
 * browser without JavaScript sends it), 10 connections at a time, with
 * autocannon on 127.0.0.1 and no RESEND_API_KEY, so every e-mail is kept in the outbox table. Each
 * message is distinct and carries a form token of its own, issued a minute earlier, as a person's
 * would, so none is a duplicate, a replay or quarantined. Reports requests/s and latency, then checks the contact
 * issue's promise: zero 5xx, and stored records = accepted answers (303 to the page that says it
 * was sent) = e-mails / 2 (the secretariat's copy and the acknowledgement). Netlify's per-IP rate
 * limit is not enforced locally.
 *
 * Two targets:
 *   (default)  the built site served as Netlify would (scripts/dev/serve.ts, @netlify/dev).
 *   --handler  the built site's server handler (build/server, the framework's request handler)
 *              alone behind node:http, with a local database in memory: what our code costs per message.
 *
 * Run: npm run build && npm run bench:contact [-- --handler] [-- requests connections]
 * Exits 1 if a check fails.
 */

import autocannon from "autocannon";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { closeDatabase, database } from "../../src/server/db/database.server.ts";
import { startLocalDatabase } from "../dev/local-database.ts";
import { startServer } from "../dev/serve.ts";
import { serveHandler } from "./handler-server.ts";

const handlerOnly = process.argv.includes("--handler");
const [total = 1000, connections = 10] = process.argv
  .slice(2)
  .filter((arg) => !arg.startsWith("--"))
  .map(Number);
const secret = "contact-benchmark-secret";
process.env.SIGNING_SECRET = secret;
delete process.env.RESEND_API_KEY;

type Target = {
  url: string;
  close: () => Promise<void>;
};

/**
 * The contact messages stored and the mails queued, read from the records' database this process
 * serves (both targets start it here, so NETLIFY_DB_URL names it).
 */
async function counts(): Promise<{ stored: number; mails: number }> {
  const db = database();
  const count = async (query: Promise<{ count: string }>) => Number((await query).count);
  return {
    stored: await count(
      db
        .selectFrom("submissions")
        .select((row) => row.fn.countAll<string>().as("count"))
        .where("kind", "=", "contact")
        .executeTakeFirstOrThrow(),
    ),
    mails: await count(
      db
        .selectFrom("outbox")
        .select((row) => row.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow(),
    ),
  };
}

/** The built site under the @netlify/dev emulator, with the preview's database. */
async function devServer(): Promise<Target> {
  const server = await startServer();
  return { url: server.url, close: server.close };
}

/** The built server handler in this process, with a fresh database in memory. */
async function handlerServer(): Promise<Target> {
  const records = await startLocalDatabase();
  const served = await serveHandler(async () => {
    const build = (await import(new URL("../../build/server/index.js", import.meta.url).href)) as ServerBuild;
    const handler = createRequestHandler(build, "production");
    return (request) => handler(request, new RouterContextProvider());
  });
  return {
    url: served.url,
    close: async () => {
      await served.close();
      await closeDatabase();
      await records.stop();
    },
  };
}

const { issueFormToken } = await import("../../src/server/spam/form-guard.server.ts");
const opened = new Date(Date.now() - 60_000);
// One token a message (and the warm-up's), as each visitor's form has its own: opened a
// millisecond apart, so no two are the same.
const formTokens = await Promise.all(
  Array.from({ length: total + 1 }, (_, index) => issueFormToken(secret, new Date(opened.getTime() - index))),
);
const target = handlerOnly ? await handlerServer() : await devServer();
const before = await counts();
const run = Date.now().toString(36);
let sequence = 0;
const body = () =>
  new URLSearchParams({
    first_name: "Load",
    last_name: "Test",
    email: "load-test@example.org",
    phone_number: "",
    message: `Benchmark ${run} message ${++sequence}: a question about membership.`,
    reference: "",
    form_token: formTokens[sequence - 1] ?? "",
  }).toString();
/** A browser's plain post from the page itself. */
const headers = {
  "content-type": "application/x-www-form-urlencoded",
  "sec-fetch-site": "same-origin",
  "sec-fetch-dest": "document",
  accept: "text/html",
};

// One warm-up request, so starting up is not in the figures.
await fetch(`${target.url}/contact-us`, { method: "POST", headers, body: body(), redirect: "manual" });

const result = await autocannon({
  url: `${target.url}/contact-us`,
  connections,
  amount: total,
  timeout: 60,
  requests: [
    {
      method: "POST",
      headers,
      setupRequest: (request) => ({ ...request, body: body() }),
    },
  ],
});
const after = await counts();
await target.close();

const accepted = result["3xx"] + 1; // and the warm-up
const stored = after.stored - before.stored;
const mails = after.mails - before.mails;
console.log(
  `contact form (${handlerOnly ? "handler behind node:http" : "@netlify/dev emulator"}): ${total} POSTs, ${connections} connections, ${result.duration.toFixed(1)} s`,
);
console.log(`  requests/s   ${(total / result.duration).toFixed(1)}`);
console.log(
  `  latency ms   p50 ${result.latency.p50}  p90 ${result.latency.p90}  p99 ${result.latency.p99}  max ${result.latency.max}`,
);
console.log(
  `  answers      3xx ${result["3xx"]}  2xx ${result["2xx"]}  4xx ${result["4xx"]}  5xx ${result["5xx"]}  errors ${result.errors}  timeouts ${result.timeouts}`,
);
console.log(`  stored ${stored}  accepted ${accepted}  e-mails ${mails} (${mails / 2} messages)`);

const failures = [
  result["5xx"] > 0 && `${result["5xx"]} answers were 5xx`,
  result.errors + result.timeouts > 0 && `${result.errors} errors and ${result.timeouts} timeouts`,
  stored !== accepted && `stored ${stored} is not accepted ${accepted}`,
  mails !== 2 * accepted && `e-mails ${mails} are not two per accepted message`,
].filter(Boolean);
for (const failure of failures) console.error(`FAIL: ${failure}`);
process.exit(failures.length > 0 ? 1 : 0);
