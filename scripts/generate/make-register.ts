/**
 * Writes content/register.csv: a fictional membership register for the rehearsal of the
 * secretariat's first import (decision 0051), one row for each member of content/directory.csv
 * (the same names and addresses, all invented). Deterministic (a seeded generator), so a re-run
 * changes nothing: node scripts/generate/make-register.ts
 *
 * The mix, close to what the old site's About page claims (about 2,100 members, 1,186 of them life
 * members): 1,186 Life (24 of them, joined in 2025 or 2026, still paying the fee in instalments),
 * 878 Ordinary, 18 Corporate Annual, 6 Corporate Single Copy and 12 Honorary. Of the 896 annual
 * members (Ordinary and Corporate Annual) 760 last paid 2025-26, 40 paid 2026-27 ahead and 96 last
 * paid 2024-25 (in arrears). Years joined run from 1960 to 2026. A date of birth for nine in ten.
 * The zone follows the STATE column (ZONE_OF_STATE below; the society's zones, by state).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";

/** The society's zones by state (and union territory), as the register's ZONE column writes them. */
export const ZONE_OF_STATE: Record<string, string> = {
  "Jammu and Kashmir": "NZ",
  Ladakh: "NZ",
  "Himachal Pradesh": "NZ",
  Punjab: "NZ",
  Chandigarh: "NZ",
  Haryana: "NZ",
  Delhi: "NZ",
  Uttarakhand: "NZ",
  "Uttar Pradesh": "NZ",
  "West Bengal": "EZ",
  Assam: "EZ",
  Sikkim: "EZ",
  "Arunachal Pradesh": "EZ",
  Nagaland: "EZ",
  Manipur: "EZ",
  Mizoram: "EZ",
  Tripura: "EZ",
  Meghalaya: "EZ",
  Bihar: "MEZ",
  Jharkhand: "MEZ",
  Odisha: "MEZ",
  Chhattisgarh: "CZ",
  "Madhya Pradesh": "CZ",
  Rajasthan: "CZ",
  Gujarat: "WZ",
  Maharashtra: "WZ",
  Goa: "WZ",
  "Andhra Pradesh": "SZ",
  Telangana: "SZ",
  Karnataka: "SZ",
  Kerala: "SZ",
  "Tamil Nadu": "SZ",
  Puducherry: "SZ",
};

// Mulberry32, as make-directory.ts: the same register run after run.
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(2026);
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** How many of each class, in the order the rows are dealt out (after a seeded shuffle). */
const CLASSES = [
  ["Life", 1186],
  ["Ordinary", 878],
  ["Corporate Annual", 18],
  ["Corporate Single Copy", 6],
  ["Honorary", 12],
] as const;
const LIFE_IN_INSTALMENTS = 24;
const PAID_AHEAD = 40;
const IN_ARREARS = 96;

const PREFIX: Record<string, string> = {
  Life: "L",
  Ordinary: "O",
  "Corporate Annual": "CA",
  "Corporate Single Copy": "CS",
  Honorary: "H",
};

type DirectoryRow = { NAME: string; EMAIL: string; STATE: string };

const HEADER = [
  "MEMBER NO",
  "NAME",
  "EMAIL",
  "CLASS",
  "YEAR JOINED",
  "LAST YEAR PAID",
  "LIFE FEE OWED",
  "ZONE",
  "DATE OF BIRTH",
];

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

async function main() {
  const content = path.resolve("content");
  const directory = parse(await readFile(path.join(content, "directory.csv"), "utf8"), {
    columns: true,
    bom: true,
  }) as DirectoryRow[];
  // A seeded shuffle deals the classes out across the directory (which is sorted by name).
  const order = directory.map((_, index) => index);
  for (let index = order.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  const classOf: string[] = CLASSES.flatMap(([name, count]) => Array.from({ length: count }, () => name));
  if (classOf.length !== directory.length)
    throw new Error(`the mix counts ${classOf.length}, not ${directory.length}`);
  const rows = order.map((position, index) => {
    const member = directory[position] as DirectoryRow;
    const memberClass = classOf[index] as string;
    return { member, memberClass, joined: between(1960, 2026) };
  });
  // Numbers run by the year joined within each class, as a register written over the years would.
  const numbered = new Map<string, number>();
  const sorted = [...rows].sort(
    (a, b) => a.joined - b.joined || a.member.EMAIL.localeCompare(b.member.EMAIL),
  );
  const numberOf = new Map<(typeof rows)[number], string>();
  for (const row of sorted) {
    const next = (numbered.get(row.memberClass) ?? 0) + 1;
    numbered.set(row.memberClass, next);
    numberOf.set(row, `${PREFIX[row.memberClass]}-${String(next).padStart(4, "0")}`);
  }
  let instalments = 0;
  let ahead = 0;
  let arrears = 0;
  const lines = rows.map((row) => {
    const annual = row.memberClass === "Ordinary" || row.memberClass === "Corporate Annual";
    let joined = row.joined;
    let lastPaid = "";
    let owed = "";
    if (annual) {
      // The first annual members dealt out paid ahead, the next are in arrears, the rest paid 2025-26.
      if (ahead < PAID_AHEAD) {
        ahead++;
        lastPaid = "2026-27";
      } else if (arrears < IN_ARREARS) {
        arrears++;
        lastPaid = "2024-25";
        joined = Math.min(joined, 2024);
      } else lastPaid = "2025-26";
      if (lastPaid === "2025-26") joined = Math.min(joined, 2025);
    }
    if (row.memberClass === "Life" && instalments < LIFE_IN_INSTALMENTS) {
      instalments++;
      joined = between(2025, 2026);
      owed = String(between(2, 10) * 1000);
    }
    const birthYear = joined - between(24, 40);
    const birth =
      random() < 0.9
        ? `${birthYear}-${String(between(1, 12)).padStart(2, "0")}-${String(between(1, 28)).padStart(2, "0")}`
        : "";
    return [
      numberOf.get(row) as string,
      row.member.NAME,
      row.member.EMAIL,
      row.memberClass,
      String(joined),
      lastPaid,
      owed,
      ZONE_OF_STATE[row.member.STATE] ?? "",
      birth,
    ];
  });
  lines.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
  const text = [HEADER, ...lines].map((line) => line.map(csvCell).join(",")).join("\n");
  await writeFile(path.join(content, "register.csv"), `${text}\n`);
  console.log(`content/register.csv: ${lines.length} members`);
}

await main();
