import { isZone, type Zone, zoneOfState } from "#shared/elections/zones.ts";
import { formatDay } from "#shared/format-date.ts";
import type { Day } from "#shared/membership/calendar.ts";
import { memberNumberOf } from "#shared/membership/reference.ts";
import { type MembershipAccount, membershipState } from "#shared/membership/status.ts";
import { type Account, type AccountRow, getAccounts } from "../account/accounts.server.ts";
import { type Db, database, type Tx } from "../db/database.server.ts";
import { servedMembers } from "../directory/directory-service.server.ts";
import { membershipAccount } from "../membership/membership.server.ts";
import { membershipContent } from "../membership/membership-content.server.ts";

/**
 * The electoral roll (decision 0053): the Life and Ordinary members whose membership stands on the
 * roll's cut-off day by the society's calendar. It is frozen once, as the notice of election goes
 * out; after that only the Returning Officer adds or strikes a name, with a reason, until voting
 * opens.
 */

/** The membership types that carry the vote: Life ("2") and Ordinary ("1"). */
export const VOTING_MEMBERSHIPS = ["2", "1"] as const;

/** Whether a membership type carries the vote (and the right to stand). */
export const isVotingMembership = (membership: string): boolean =>
  (VOTING_MEMBERSHIPS as readonly string[]).includes(membership);

export type Standing = { stands: true } | { stands: false; reason: string };

/**
 * Whether an account's membership stands on `cutoff`, counting only what was so on that day:
 * payments received by then, reminders sent by then, a rejection made by then. Active, renewal due
 * and a life instalment overdue stand (a member is in good standing until removed, which the rules
 * do only three months after the reminder); in arrears (removed), lapsed, rejected and unpaid do not.
 */
export function standingOn(account: Account, cutoff: Day): Standing {
  const on = formatDay(cutoff);
  if (!isVotingMembership(account.membership))
    return {
      stands: false,
      reason: "only Life and Ordinary members are on the roll; this account holds neither membership",
    };
  if (account.closedAt) return { stands: false, reason: "this account was closed" };
  if (account.submittedAt.slice(0, 10) > cutoff)
    return { stands: false, reason: `the application was made after the roll's cut-off day, ${on}` };
  const whole = membershipAccount(account);
  const asOn: MembershipAccount = {
    ...whole,
    payments: whole.payments.filter((payment) => payment.paidOn <= cutoff),
    ...(whole.remindedOn
      ? {
          remindedOn: Object.fromEntries(Object.entries(whole.remindedOn).filter(([, day]) => day <= cutoff)),
        }
      : {}),
  };
  if (whole.rejected && whole.rejected.on > cutoff) delete asOn.rejected;
  const state = membershipState(asOn, membershipContent(), cutoff);
  switch (state.status) {
    case "active":
    case "renewal-due":
    case "instalment-overdue":
      return { stands: true };
    case "in-arrears":
      return { stands: false, reason: `membership in arrears on ${on}` };
    case "lapsed":
      return { stands: false, reason: `membership lapsed on ${on}` };
    case "rejected":
      return { stands: false, reason: `the application was not accepted by ${on}` };
    case "pending-payment":
      return { stands: false, reason: `the first payment had not reached the society by ${on}` };
    default:
      return { stands: false, reason: `no membership on ${on}` };
  }
}

/** A member's number on the roll: the register's, else the one the site gives with the first payment. */
export const rollNumberOf = (account: Account, registerNo: string | undefined) =>
  registerNo ?? memberNumberOf(account.applicationId);

/**
 * Each account's zone: the register's where it gives one, else the zone of the state on the
 * member's directory entry (matched by address, as the member's own entry is). An unreadable
 * directory leaves those zones unknown rather than stopping the roll.
 */
async function zonesOf(
  accounts: Account[],
  register: Map<string, { zone: string | null }>,
): Promise<Map<string, Zone | null>> {
  const zones = new Map<string, Zone | null>();
  const missing = accounts.filter((account) => {
    const zone = register.get(account.key)?.zone;
    if (isZone(zone)) zones.set(account.key, zone);
    return !isZone(zone);
  });
  if (missing.length === 0) return zones;
  const byEmail = new Map<string, string>();
  try {
    for (const member of (await servedMembers()).data)
      byEmail.set(member.email.trim().toLowerCase(), member.state);
  } catch (error) {
    console.warn("elections: the directory could not be read for members' zones", error);
  }
  for (const account of missing) {
    const state = byEmail.get((account.directoryEmail ?? account.email).trim().toLowerCase());
    zones.set(account.key, zoneOfState(state));
  }
  return zones;
}

async function registerOf(ids: string[], db: Db) {
  if (ids.length === 0) return new Map<string, { member_no: string; zone: string | null }>();
  const rows = await db
    .selectFrom("register_members")
    .select(["account_id", "member_no", "zone"])
    .where("account_id", "in", ids)
    .where("merged_into", "is", null)
    .execute();
  return new Map(rows.map((row) => [row.account_id, row]));
}

/** The rows the roll will hold, for every Life and Ordinary account that stands on `cutoff`. */
export async function rollOn(
  cutoff: Day,
  db: Db,
): Promise<{ account: Account; zone: Zone | null; memberNo: string }[]> {
  const rows: AccountRow[] = await db
    .selectFrom("accounts")
    .selectAll()
    .where("membership", "in", [...VOTING_MEMBERSHIPS])
    .where("closed_at", "is", null)
    .where("set_aside_at", "is", null)
    .orderBy("name")
    .execute();
  const accounts = (await getAccounts(rows, db)).filter((account) => standingOn(account, cutoff).stands);
  const register = await registerOf(
    accounts.map((account) => account.key),
    db,
  );
  const zones = await zonesOf(accounts, register);
  return accounts.map((account) => ({
    account,
    zone: zones.get(account.key) ?? null,
    memberNo: rollNumberOf(account, register.get(account.key)?.member_no),
  }));
}

/** Writes the frozen roll in the caller's transaction; answers the accounts on it. */
export async function freezeRoll(tx: Tx, electionId: string, cutoff: Day): Promise<Account[]> {
  const roll = await rollOn(cutoff, tx);
  for (let start = 0; start < roll.length; start += 500)
    await tx
      .insertInto("election_roll")
      .values(
        roll.slice(start, start + 500).map(({ account, zone, memberNo }) => ({
          election_id: electionId,
          account_id: account.key,
          zone,
          member_no: memberNo,
          origin: "calendar" as const,
        })),
      )
      .onConflict((conflict) => conflict.columns(["election_id", "account_id"]).doNothing())
      .execute();
  return roll.map(({ account }) => account);
}

/** One zone and number for an account added by hand, as the frozen roll would have given them. */
export async function rollEntryFor(
  account: Account,
  db: Db,
): Promise<{ zone: Zone | null; memberNo: string }> {
  const register = await registerOf([account.key], db);
  const zones = await zonesOf([account], register);
  return {
    zone: zones.get(account.key) ?? null,
    memberNo: rollNumberOf(account, register.get(account.key)?.member_no),
  };
}

export type RollRow = {
  accountId: string;
  name: string;
  email: string;
  memberNo: string;
  zone: Zone | null;
  origin: "calendar" | "added";
  note: string | null;
  struckAt: Date | null;
  struckReason: string | null;
};

/** The whole roll of an election, struck names too, by name. */
export async function rollOf(electionId: string, db: Db = database()): Promise<RollRow[]> {
  const rows = await db
    .selectFrom("election_roll")
    .innerJoin("accounts", "accounts.id", "election_roll.account_id")
    .select([
      "election_roll.account_id",
      "accounts.name",
      "accounts.email",
      "election_roll.member_no",
      "election_roll.zone",
      "election_roll.origin",
      "election_roll.note",
      "election_roll.struck_at",
      "election_roll.struck_reason",
    ])
    .where("election_roll.election_id", "=", electionId)
    .orderBy("accounts.name")
    .orderBy("election_roll.member_no")
    .execute();
  return rows.map((row) => ({
    accountId: row.account_id,
    name: row.name,
    email: row.email,
    memberNo: row.member_no,
    zone: isZone(row.zone) ? row.zone : null,
    origin: row.origin,
    note: row.note,
    struckAt: row.struck_at,
    struckReason: row.struck_reason,
  }));
}

/** The member's line on the roll, struck or not; null when the name is not on it. */
export async function rollEntry(electionId: string, accountId: string, db: Db = database()) {
  return (
    (await db
      .selectFrom("election_roll")
      .selectAll()
      .where("election_id", "=", electionId)
      .where("account_id", "=", accountId)
      .executeTakeFirst()) ?? null
  );
}

/** The voters on the roll now (no struck name): whom the notices go to. */
export async function votersOf(electionId: string, db: Db) {
  return db
    .selectFrom("election_roll")
    .innerJoin("accounts", "accounts.id", "election_roll.account_id")
    .select(["accounts.id", "accounts.email", "accounts.name"])
    .where("election_roll.election_id", "=", electionId)
    .where("election_roll.struck_at", "is", null)
    .where("accounts.closed_at", "is", null)
    .orderBy("accounts.id")
    .execute();
}
