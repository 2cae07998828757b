/**
 * The claim page's answer time, known address against unknown, beside the sign-in's (a wrong
 * password for a real account against an unknown address): issue 57 item 6's "the same time,
 * within noise, as the sign-in does", measured by the wall clock here rather than asserted in a
 * test (tests/functions/claim-timing.test.ts checks the structure that makes it so). Each ask goes
 * to the built site's server handler, as a browser's script posts it, interleaved, the order
 * alternating; the throttles' counts are cleared between asks so none answers early.
 * Prints the medians and p95s. Usage: npm run build && npm run bench:claim [-- trials]
 */
import "./tsx-modules.ts";
import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { closeDatabase, database } from "../../src/server/db/database.server.ts";
import { percentile } from "./bench-support.ts";

const TRIALS = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 15);
const ROOT = path.resolve(import.meta.dirname, "..", "..");
const ORIGIN = "https://localhost";

const child = spawn(process.execPath, [path.join(import.meta.dirname, "database-process.ts")], {
  stdio: ["pipe", "pipe", "inherit"],
});
const [line] = (await once(child.stdout, "data")) as [Buffer];
process.env.NETLIFY_DB_URL = line.toString().trim();
process.env.NETLIFY_DB_DRIVER = "server";
process.env.SIGNING_SECRET ??= "bench-claim-secret";
process.env.URL ??= ORIGIN;

try {
  const { createAccount } = await import("../../src/server/account/accounts.server.ts");
  const { hashPassword } = await import("../../src/server/account/password.server.ts");
  const { applyImport, keepUpload, planImport, readLines } = await import(
    "../../src/server/register/register-import.server.ts"
  );
  // Register members to claim (each asked for once) and accounts to sign in to, one per trial.
  const rows = Array.from(
    { length: TRIALS + 2 },
    (_, n) => `B-${n},Dr. Bench Member ${n},bench.member${n}@example.org,Ordinary,2001,2025-26,,CZ,`,
  );
  const register = `MEMBER NO,NAME,EMAIL,CLASS,YEAR JOINED,LAST YEAR PAID,LIFE FEE OWED,ZONE,DATE OF BIRTH\n${rows.join("\n")}\n`;
  const now = new Date();
  const digest = await keepUpload("csv", register, "bench-office@example.org", now);
  const plan = await planImport(readLines("csv", register, now));
  await applyImport(digest, plan.digest, new Set(), "bench-office@example.org", now);
  const passwordHash = await hashPassword("the-real-password-1");
  for (let n = 0; n < TRIALS + 2; n++)
    await createAccount({
      email: `signs.in${n}@example.org`,
      name: `Signer ${n}`,
      membership: "1",
      applicationId: `EN-B${n}`,
      submissionId: `s${n}`,
      submittedAt: now.toISOString(),
      status: "active",
      passwordHash,
    });

  const build = (await import(path.join(ROOT, "build/server/index.js"))) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  const post = async (page: string, fields: Record<string, string>, status: number) => {
    await database().deleteFrom("throttle_events").execute();
    const request = new Request(`${ORIGIN}${page}.data`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "*/*",
        origin: ORIGIN,
        "sec-fetch-site": "same-origin",
        "sec-fetch-dest": "empty",
        "sec-fetch-mode": "cors",
      },
      body: new URLSearchParams(fields).toString(),
    });
    const started = performance.now();
    const response = await handler(request, new RouterContextProvider());
    await response.arrayBuffer();
    const took = performance.now() - started;
    if (response.status !== status) throw new Error(`${page} answered ${response.status}, not ${status}`);
    return took;
  };
  const times: Record<string, number[]> = {
    "claim, address on the register": [],
    "claim, address not on it": [],
    "sign-in, wrong password": [],
    "sign-in, unknown address": [],
  };
  // The first two rounds warm the modules, as a function's first requests do: not counted.
  for (let n = 0; n < TRIALS + 2; n++) {
    const asks: [string, () => Promise<number>][] = [
      [
        "claim, address on the register",
        () => post("/claim-account", { email: `bench.member${n}@example.org` }, 202),
      ],
      ["claim, address not on it", () => post("/claim-account", { email: `not.on${n}@example.org` }, 202)],
      [
        "sign-in, wrong password",
        () => post("/login", { email: `signs.in${n}@example.org`, password: "a-wrong-one-1" }, 401),
      ],
      [
        "sign-in, unknown address",
        () => post("/login", { email: `nobody${n}@example.org`, password: "a-wrong-one-1" }, 401),
      ],
    ];
    for (const [label, ask] of n % 2 === 0 ? asks : asks.reverse()) {
      const took = await ask();
      if (n >= 2) times[label]?.push(took);
    }
  }
  console.log(`${TRIALS} trials each (wall clock, ms):`);
  for (const [label, values] of Object.entries(times))
    console.log(
      `  ${label}: median ${percentile(values, 50).toFixed(1)}, p95 ${percentile(values, 95).toFixed(1)}`,
    );
  const apart = (a: string, b: string) => {
    const [x, y] = [percentile(times[a] ?? [], 50), percentile(times[b] ?? [], 50)];
    return `${((Math.abs(x - y) / Math.max(x, y)) * 100).toFixed(1)} %`;
  };
  console.log(
    `  claim's medians apart: ${apart("claim, address on the register", "claim, address not on it")}`,
  );
  console.log(`  sign-in's medians apart: ${apart("sign-in, wrong password", "sign-in, unknown address")}`);
} finally {
  await closeDatabase();
  child.stdin.end();
  await once(child, "exit");
}
