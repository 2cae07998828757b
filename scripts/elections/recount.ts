/**
 * Counts an election again from its ballot export (the results page's "Download the ballots",
 * format isgpb-ballots-v1) and recomputes the digest, with the same code the close ran
 * (src/server/elections/count-tally.server.ts).
 *
 * Usage: npm run election:recount -- ballots.json [--digest <the digest mailed to you>]
 *
 * Prints the votes per candidate, who is elected (or tied for a lot), and the digest; exits 1 if
 * the recomputed digest differs from the export's own, or from the one given with --digest.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { ballotDigest, type OfficeCount, tally } from "../../src/server/elections/count-tally.server.ts";

export type BallotExportFile = {
  format: string;
  election: { id: string; title: string };
  offices: {
    office: string;
    label: string;
    seats: number;
    candidates: { nomination: string; name: string }[];
  }[];
  ballots: { id: string; choices: Record<string, string[]> }[];
  trackers: string[];
  digest: string;
};

export type Recount = { digest: string; matches: boolean; offices: OfficeCount[] };

export function recount(file: BallotExportFile, expected?: string): Recount {
  if (file.format !== "isgpb-ballots-v1")
    throw new Error(`not a ballot export: format ${String(file.format)}`);
  const offices = tally(
    file.offices.map((office) => ({
      office: office.office,
      seats: office.seats,
      candidates: office.candidates.map((candidate) => candidate.nomination),
    })),
    file.ballots,
  );
  const digest = ballotDigest(file.election.id, file.ballots, file.trackers);
  return {
    digest,
    matches: digest === file.digest && (expected === undefined || digest === expected),
    offices,
  };
}

async function main(args: string[]) {
  const path = args.find((arg) => !arg.startsWith("--"));
  const at = args.indexOf("--digest");
  const expected = at >= 0 ? args[at + 1]?.toLowerCase() : undefined;
  if (!path) {
    console.log("Usage: npm run election:recount -- ballots.json [--digest <hex>]");
    process.exitCode = 2;
    return;
  }
  const file = JSON.parse(await readFile(path, "utf8")) as BallotExportFile;
  const result = recount(file, expected);
  const names = new Map(
    file.offices.flatMap((office) => office.candidates.map((c) => [c.nomination, c.name])),
  );
  console.log(`${file.election.title}: ${file.ballots.length} ballots, ${file.trackers.length} trackers`);
  for (const count of result.offices) {
    const label = file.offices.find((office) => office.office === count.office)?.label ?? count.office;
    console.log(`\n${label} (${count.seats} seat${count.seats === 1 ? "" : "s"})`);
    for (const entry of count.votes) {
      const mark = count.elected.includes(entry.nomination)
        ? "elected"
        : count.tie?.tied.includes(entry.nomination)
          ? "tied: lot"
          : "";
      console.log(
        `  ${String(entry.votes).padStart(6)}  ${names.get(entry.nomination) ?? entry.nomination}  ${mark}`,
      );
    }
  }
  console.log(`\nDigest recomputed: ${result.digest}`);
  console.log(
    `Digest in the export: ${file.digest}${expected ? `\nDigest you were mailed: ${expected}` : ""}`,
  );
  console.log(
    result.matches ? "They match." : "THEY DIFFER: the ballots are not the ones counted at the close.",
  );
  if (!result.matches) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main(process.argv.slice(2));
