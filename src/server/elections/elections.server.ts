import type { Selectable } from "kysely";
import { type ChosenBy, defaultOffices, type OfficeSpec, type Stage } from "#shared/elections/elections.ts";
import { isZone, ZONES, type Zone } from "#shared/elections/zones.ts";
import { addDays, type Day, dayInIndia } from "#shared/membership/calendar.ts";
import type { NewElection } from "#shared/schemas/elections.ts";
import type { Account } from "../account/accounts.server.ts";
import { type Db, database, type Tx } from "../db/database.server.ts";
import type { ElectionsTable } from "../db/schema.server.ts";
import { recordAction } from "../secretariat/audit.server.ts";

/**
 * An election of the Council (issue 59, decision 0053): its row, its offices, and the days its
 * windows run. A window is whole days in India: it opens at the start of its first day and closes
 * at the end of its last, which is how the notices name it.
 */
export type ElectionRow = Selectable<ElectionsTable>;
export type Office = OfficeSpec & { position: number };
export type Election = ElectionRow & { offices: Office[] };

/** The moment a day begins in India. */
export const startOfDay = (day: Day) => new Date(`${day}T00:00:00+05:30`);
/** The last day of a window that closes at `close` (the start of the day after it). */
export const lastDayOf = (close: Date) => dayInIndia(new Date(close.getTime() - 1));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function officesOf(electionId: string, db: Db): Promise<Office[]> {
  const rows = await db
    .selectFrom("election_offices")
    .selectAll()
    .where("election_id", "=", electionId)
    .orderBy("position")
    .execute();
  return rows.map((row) => ({
    office: row.office,
    label: row.label,
    seats: row.seats,
    zone: isZone(row.zone) ? row.zone : null,
    chosenBy: row.chosen_by,
    position: row.position,
  }));
}

export async function getElection(id: string, db: Db = database()): Promise<Election | null> {
  if (!UUID.test(id)) return null;
  const row = await db.selectFrom("elections").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...row, offices: await officesOf(id, db) } : null;
}

/**
 * The election, locked for the rest of the caller's transaction: a second press of a stage at the
 * same moment waits for this one, then finds the stage it left. A member's nomination takes it
 * shared: nominations go on side by side, and a stage's press waits for those under way.
 */
export async function lockElection(
  tx: Tx,
  id: string,
  mode: "update" | "share" = "update",
): Promise<Election | null> {
  if (!UUID.test(id)) return null;
  const query = tx.selectFrom("elections").selectAll().where("id", "=", id);
  const row = await (mode === "update" ? query.forUpdate() : query.forShare()).executeTakeFirst();
  return row ? { ...row, offices: await officesOf(id, tx) } : null;
}

export async function listElections(db: Db = database()): Promise<ElectionRow[]> {
  return db.selectFrom("elections").selectAll().orderBy("created_at", "desc").execute();
}

/** The elections a member may be concerned with now: the roll frozen and the votes not yet counted. */
export async function openElections(db: Db = database()): Promise<ElectionRow[]> {
  return db
    .selectFrom("elections")
    .selectAll()
    .where("roll_frozen_at", "is not", null)
    .where("stage", "!=", "closed")
    .orderBy("created_at", "desc")
    .execute();
}

/** The secretariat's accounts that may be named Returning Officer: open, with the role. */
export async function secretariatAccounts(db: Db = database()) {
  return db
    .selectFrom("accounts")
    .select(["id", "name", "email"])
    .where("role", "=", "secretariat")
    .where("closed_at", "is", null)
    .orderBy("name")
    .execute();
}

/**
 * A new election, in draft, with its offices and an audit line, in one transaction. Answers null
 * when the Returning Officer named is no secretariat account.
 */
export async function createElection(
  form: NewElection,
  by: Account,
  isSecretariat: (email: string) => boolean,
  now = new Date(),
): Promise<{ id: string } | null> {
  const chosenBy = Object.fromEntries(ZONES.map((zone) => [zone, form[`chosenBy${zone}`]])) as Record<
    Zone,
    ChosenBy
  >;
  const offices = defaultOffices(form.vicePresidents, chosenBy);
  return database()
    .transaction()
    .execute(async (tx) => {
      const officer = await tx
        .selectFrom("accounts")
        .select(["id", "email"])
        .where("id", "=", form.returningOfficer)
        .where("role", "=", "secretariat")
        .where("closed_at", "is", null)
        .executeTakeFirst();
      if (!officer || !isSecretariat(officer.email)) return null;
      const { id } = await tx
        .insertInto("elections")
        .values({
          title: form.title,
          term: form.term,
          term_begins: form.termBegins,
          created_at: now,
          created_by: by.key,
          returning_officer: officer.id,
          roll_cutoff: form.rollCutoff,
          nominations_open: startOfDay(form.nominationsFrom),
          nominations_close: startOfDay(addDays(form.nominationsTo, 1)),
          voting_open: startOfDay(form.votingFrom),
          voting_close: startOfDay(addDays(form.votingTo, 1)),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await tx
        .insertInto("election_offices")
        .values(
          offices.map((office, position) => ({
            election_id: id,
            office: office.office,
            label: office.label,
            seats: office.seats,
            zone: office.zone,
            chosen_by: office.chosenBy,
            position,
          })),
        )
        .execute();
      await recordAction(
        {
          who: by.email,
          action: "election-created",
          record: `election/${id}`,
          summary: `Created the election "${form.title}" (${form.term}) with ${offices.length} offices; Returning Officer ${officer.email}; roll's cut-off day ${form.rollCutoff}.`,
        },
        now,
        tx,
      );
      return { id };
    });
}

export type { Stage };
