/**
 * How fast the secretariat's list of applications answers with 5,000 applications: seeds them in
 * a local Netlify Blobs server (a fresh folder each run, written through the same account writes
 * as enrolment, change markers included), signs a secretariat account in, and calls the
 * `secretariat-applications` function's handler with real Requests: the first answer (which
 * builds the index from the markers), then RUNS answers each for the first page as a fresh
 * instance gets it (the index read from Blobs), and as a warm one does, a search and a status
 * filter, printing every run and the median. Target: at most 300 ms.
 * Usage: npm run bench:secretariat [-- applications runs]
 */

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setEnvironmentContext } from "@netlify/blobs";
import { BlobsServer } from "@netlify/blobs/server";
import type { Context } from "@netlify/functions";
import applicationsFunction from "../../netlify/functions/secretariat-applications.ts";
import { type Account, accountKey, createAccount } from "../../src/server/account/accounts.server.ts";
import { DECOY_HASH } from "../../src/server/account/password.server.ts";
import { startSession } from "../../src/server/account/sessions.server.ts";
import { dropIndexCopy } from "../../src/server/secretariat/application-index.server.ts";
import { SESSION_COOKIE } from "../../src/shared/session-cookie.ts";

const COUNT = Number(process.argv[2] ?? 5000);
const RUNS = Number(process.argv[3] ?? 15);
const TARGET_MS = 300;

const directory = await mkdtemp(path.join(tmpdir(), "bench-blobs-"));
const server = new BlobsServer({ directory, token: "bench" });
const { port } = await server.start();
const url = `http://127.0.0.1:${port}`;
setEnvironmentContext({ siteID: "bench", token: "bench", edgeURL: url, uncachedEdgeURL: url });
process.env.SECRETARIAT_ACCOUNTS = "bench-office@example.org";
const context = { ip: "127.0.0.1", params: {}, requestId: "bench" } as unknown as Context;

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

const time = async (pathname: string, cookie: string) => {
  const started = performance.now();
  const response = await applicationsFunction(
    new Request(`http://localhost${pathname}`, { headers: { cookie, accept: "application/json" } }),
    context,
  );
  const body = (await response.json()) as { total?: number };
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`);
  return { ms, total: body.total ?? 0 };
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

  const first = await time("/api/secretariat/applications", cookie);
  console.log(
    `first answer (index built from ${COUNT} change markers): ${first.ms.toFixed(1)} ms, ${first.total} found`,
  );

  let worst = 0;
  for (const [label, pathname, cold] of [
    ["first page, cold instance (index read from Blobs)", "/api/secretariat/applications", true],
    ["first page", "/api/secretariat/applications"],
    ["search 'iyer'", "/api/secretariat/applications?q=iyer"],
    ["status filter, page 3", "/api/secretariat/applications?status=pending-payment&page=3"],
  ] as const) {
    const runs: number[] = [];
    let total = 0;
    for (let run = 0; run < RUNS; run++) {
      if (cold) dropIndexCopy();
      const result = await time(pathname, cookie);
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
