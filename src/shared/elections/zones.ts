/**
 * The society's six zones, as its zonal Councillors and chapters are named, and the state or union
 * territory each takes in (decision 0053). A member's zone is the register's where it gives one,
 * else the one their directory entry's state falls in; this is the one place the mapping is written.
 */
export const ZONES = ["NZ", "EZ", "MEZ", "CZ", "WZ", "SZ"] as const;
export type Zone = (typeof ZONES)[number];

export const isZone = (value: unknown): value is Zone => ZONES.includes(value as Zone);

/** As the office bearers' page names them ("Councillor (North Zone)"). */
export const ZONE_LABELS: Record<Zone, string> = {
  NZ: "North Zone",
  EZ: "Eastern Zone",
  MEZ: "Mid-Eastern Zone",
  CZ: "Central Zone",
  WZ: "Western Zone",
  SZ: "Southern Zone",
};

const STATES: Record<Zone, readonly string[]> = {
  NZ: [
    "Jammu and Kashmir",
    "Ladakh",
    "Himachal Pradesh",
    "Punjab",
    "Chandigarh",
    "Haryana",
    "Delhi",
    "Uttarakhand",
  ],
  EZ: [
    "West Bengal",
    "Odisha",
    "Assam",
    "Arunachal Pradesh",
    "Manipur",
    "Meghalaya",
    "Mizoram",
    "Nagaland",
    "Sikkim",
    "Tripura",
    "Andaman and Nicobar Islands",
  ],
  MEZ: ["Bihar", "Jharkhand"],
  CZ: ["Uttar Pradesh", "Madhya Pradesh", "Chhattisgarh"],
  WZ: ["Rajasthan", "Gujarat", "Maharashtra", "Goa", "Dadra and Nagar Haveli and Daman and Diu"],
  SZ: ["Andhra Pradesh", "Telangana", "Karnataka", "Kerala", "Tamil Nadu", "Puducherry", "Lakshadweep"],
};

/** Folded for matching: case, "&" for "and", punctuation and runs of spaces do not matter. */
const folded = (state: string) =>
  state
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z]+/g, " ")
    .trim();

const BY_STATE = new Map<string, Zone>(
  ZONES.flatMap((zone) => STATES[zone].map((state) => [folded(state), zone] as const)),
);
// Spellings the directory sheet has carried over the years.
for (const [spelling, zone] of [
  ["orissa", "EZ"],
  ["new delhi", "NZ"],
  ["nct of delhi", "NZ"],
  ["pondicherry", "SZ"],
  ["uttaranchal", "NZ"],
  ["j and k", "NZ"],
] as const)
  BY_STATE.set(spelling, zone);

/** The zone a state or union territory falls in; null for one we cannot place (abroad, blank). */
export const zoneOfState = (state: string | null | undefined): Zone | null =>
  state ? (BY_STATE.get(folded(state)) ?? null) : null;
