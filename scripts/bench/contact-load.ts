/**
 * Load benchmark of the contact form: 1,000 POSTs to /api/contact, 10 connections at a time, with
 * autocannon on 127.0.0.1 and no RESEND_API_KEY, so every e-mail lands in the Blobs outbox. Each
 * message is distinct and carries a form token of its own, issued a minute earlier, as a person's
 * would, so none is a duplicate, a replay or quarantined. Reports requests/s and latency, then checks the contact
 * issue's promise: zero 5xx, and stored records = accepted answers = e-mails / 2 (the
 * secretariat's copy and the acknowledgement). Netlify's per-IP rate limit is not enforced locally.
 *
 * Two targets:
 *   (default)  the built site served as Netlify would (scripts/dev/serve.ts, @netlify/dev). Its
 *              emulator builds the function and starts a fresh worker for every invocation, so
 *              this measures the emulator more than our code.
 *   --handler  the contact function's handler alone behind node:http, with a local Blobs server:
 *              what our code costs per message.
 *
 * Run: npm run build && npm run bench:contact [-- --handler] [-- requests connections]
 * Exits 1 if a check fails.
 */

import { getStore } from "@netlify/blobs";
import autocannon from "autocannon";
import { createServer } from "vite";
import { localKeys } from "../dev/local-blobs.ts";
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
  /** Keys under contact/ in the submissions store, and in the outbox. */
  counts: () => Promise<{ stored: number; mails: number }>;
  close: () => Promise<void>;
};

/** The built site under the @netlify/dev emulator, counting in the local Blobs sandbox. */
async function devServer(): Promise<Target> {
  const server = await startServer();
  return {
    url: server.url,
    counts: async () => ({
      stored: (await localKeys("submissions", "contact/")).length,
      mails: (await localKeys("outbox")).length,
    }),
    close: server.close,
  };
}

/** The handler in this process, with a fresh Blobs server in a temporary directory. */
async function handlerServer(): Promise<Target> {
  // Through Vite's SSR loader, as Node cannot load the mail templates' JSX (.tsx) itself; kept
  // open while the benchmark runs, since a mail's renderer is loaded on the first message.
  const vite = await createServer({
    configFile: false,
    logLevel: "warn",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  const served = await serveHandler(
    async () => (await vite.ssrLoadModule("/netlify/functions/contact.ts")).default,
  );
  const count = async (name: string, prefix: string) =>
    (await getStore({ name, consistency: "strong" }).list({ prefix })).blobs.length;
  return {
    url: served.url,
    counts: async () => ({
      stored: await count("submissions", "contact/"),
      mails: await count("outbox", ""),
    }),
    close: async () => {
      await served.close();
      await vite.close();
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
const before = await target.counts();
const run = Date.now().toString(36);
let sequence = 0;
const body = () =>
  JSON.stringify({
    first_name: "Load",
    last_name: "Test",
    email: "load-test@example.org",
    phone_number: "",
    message: `Benchmark ${run} message ${++sequence}: a question about membership.`,
    reference: "",
    form_token: formTokens[sequence - 1],
  });

// One warm-up request, so starting up is not in the figures.
await fetch(`${target.url}/api/contact`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: body(),
});

const result = await autocannon({
  url: `${target.url}/api/contact`,
  connections,
  amount: total,
  timeout: 60,
  requests: [
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      setupRequest: (request) => ({ ...request, body: body() }),
    },
  ],
});
const after = await target.counts();
await target.close();

const accepted = result["2xx"] + 1; // and the warm-up
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
  `  answers      2xx ${result["2xx"]}  4xx ${result["4xx"]}  5xx ${result["5xx"]}  errors ${result.errors}  timeouts ${result.timeouts}`,
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
