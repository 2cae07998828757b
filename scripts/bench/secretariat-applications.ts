/**
 * How fast the secretariat's list of applications answers with 5,000 applications: seeds them in
 * a local Netlify Blobs server (a fresh folder each run, written through the same account writes
 * as enrolment, change markers included), signs a secretariat account in, and asks the built
 * site's server handler (build/server, the framework's request handler) for the list page's data
 * (`/secretariat/applications.data`, what the page's script asks for, every loader of the page
 * run) with real Requests: the first answer (which builds the index from the markers), then RUNS
 * answers each for the first page as a fresh instance gets it (the server's modules imported
 * afresh, so the index is read from Blobs), and as a warm one does, a search and a status filter,
 * printing every run and the median. Target: at most 300 ms.
 * Usage: npm run build && npm run bench:secretariat [-- applications runs]
 */

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import {
  createRequestHandler,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { type Account, accountKey, createAccount } from "../../src/server/account/accounts.server.ts";
import { DECOY_HASH } from "../../src/server/account/password.server.ts";
import { startSession } from "../../src/server/account/sessions.server.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";

const COUNT = Number(process.argv[2] ?? 5000);
const RUNS = Number(process.argv[3] ?? 15);
const TARGET_MS = 300;
const BUILD = new URL("../../build/server/index.js", import.meta.url).href;

const directory = await mkdtemp(path.join(tmpdir(), "bench-blobs-"));
const server = new BlobsServer({ directory, token: "bench" });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;
setEnvironmentContext({ siteID: "bench", token: "bench", edgeURL: url, uncachedEdgeURL: url });
process.env.SECRETARIAT_ACCOUNTS = "bench-office@example.org";

type Handler = (request: Request) => Promise<Response>;

let instances = 0;
/**
 * The built server as a new function instance loads it: its modules evaluated afresh (a new
 * address each time, so nothing is shared with an earlier copy), with no index in memory.
 */
async function freshInstance(): Promise<Handler> {
  instances += 1;
  const build = (await import(`${BUILD}?instance=${instances}`)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return (request) => handler(request, new RouterContextProvider());
}

const SURNAMES = ["Rao", "Iyer", "Singh", "Das", "Nair", "Patel", "Bose", "Khan", "Menon", "Gupta"];
const account = (i: number): Account => {
  const email = `applicant${i}@example.org`;
  return {
    key: accountKey(email),
    email,
    name: `Applicant ${i} ${SURNAMES[i % SURNAMES.length]}`,
    membership: String((i % 4) + 1),
    applicationId: `EN-${accountKey(email).slice(0, 10).toUpperCase()}`,
    submissionId: "",
    submittedAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString(),
    status: i % 3 === 0 ? "active" : "pending-payment",
    passwordHash: DECOY_HASH,
  };
};

/** The list page's data as the page's script asks for it; `total` read from the answer. */
const time = async (handler: Handler, query: string, cookie: string) => {
  const started = performance.now();
  const response = await handler(
    new Request(`https://localhost/secretariat/applications.data${query}`, {
      headers: { cookie, accept: "*/*" },
    }),
  );
  if (response.status !== 200 || !response.body)
    throw new Error(`${query || "the list"} answered ${response.status}`);
  // Read to its end, as the page's script reads it: the loaders' data, route by route.
  const decoded = await decodeViaTurboStream(response.body, globalThis as never);
  await decoded.done;
  const ms = performance.now() - started;
  const routes = decoded.value as Record<string, { data?: { total?: number } }>;
  return { ms, total: routes["routes/secretariat-applications"]?.data?.total ?? Number.NaN };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

try {
  const seeding = performance.now();
  for (let start = 0; start < COUNT; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, COUNT - start) }, (_, j) => createAccount(account(start + j))),
    );
  }
  const office = {
    ...account(-1),
    email: "bench-office@example.org",
    key: accountKey("bench-office@example.org"),
    role: "secretariat" as const,
  };
  await createAccount(office);
  const cookie = `${SESSION_COOKIE}=${await startSession(office.key)}`;
  console.log(`seeded ${COUNT} applications in ${Math.round(performance.now() - seeding)} ms`);

  const warm = await freshInstance();
  const first = await time(warm, "", cookie);
  console.log(
    `first answer (index built from ${COUNT} change markers): ${first.ms.toFixed(1)} ms, ${first.total} found`,
  );

  let worst = 0;
  for (const [label, query, cold] of [
    ["first page, cold instance (index read from Blobs)", "", true],
    ["first page", ""],
    ["search 'iyer'", "?q=iyer"],
    ["status filter, page 3", "?status=pending-payment&page=3"],
  ] as const) {
    const runs: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      const result = await time(cold ? await freshInstance() : warm, query, cookie);
      runs.push(result.ms);
      total = result.total;
    }
    const middle = median(runs);
    worst = Math.max(worst, middle);
    console.log(
      `${label} (${total} found): runs ${runs.map((ms) => ms.toFixed(1)).join(", ")} ms; median ${middle.toFixed(1)} ms`,
    );
  }
  console.log(
    `worst median ${worst.toFixed(1)} ms, target ${TARGET_MS} ms: ${worst <= TARGET_MS ? "met" : "NOT met"}`,
  );
  if (worst > TARGET_MS) process.exitCode = 1;
} finally {
  await server.stop();
  await rm(directory, { recursive: true, force: true });
}
