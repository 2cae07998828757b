/**
 * Scheduled hourly: deletes the forms' rows past their time, a refusal kept for a page without
 * JavaScript (ten minutes) and a spent form token (once the token could no longer pass the spam
 * guard anyway); until then a spent token's row is what refuses its second use.
 * Env: none.
 */
import type { Config } from "@netlify/functions";
import { sweepFormRecords } from "../../src/server/forms/form-records-sweep.server.ts";

export default async () => {
  const { flashes, tokens } = await sweepFormRecords();
  console.log(`form-records-sweep: ${flashes} expired refusals and ${tokens} spent form tokens deleted`);
};

export const config: Config = { schedule: "17 * * * *" };
