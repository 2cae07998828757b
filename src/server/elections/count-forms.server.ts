import { pressSchema } from "#shared/schemas/secretariat.ts";
import { z } from "#shared/zod.ts";
import type { Db } from "../db/database.server.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import type { SecretariatSession } from "../secretariat/auth.server.ts";
import { anyForm } from "../secretariat/workspace-forms.server.ts";
import { type ElectionRow, electionById } from "./ballot-election.server.ts";
import { type CountOutcome, closeElection, recordLot, sendReminder } from "./count-close.server.ts";

/** The page of the count: where each press comes back to. */
export const countPath = (electionId: string) => `/secretariat/elections/${electionId}/count`;

const UNAVAILABLE =
  "Nothing was done: we could not reach our records just now. Please try again in a minute.";

const answerOf = (election: ElectionRow, outcome: CountOutcome): FormAnswer =>
  outcome.ok
    ? { ok: true, redirect: `${countPath(election.id)}?done=${outcome.done}` }
    : { ok: false, status: outcome.status, error: outcome.error };

const lotSchema = z.strictObject({
  drawn: z.union([z.string().max(64), z.array(z.string().max(64)).max(40)], {
    error: "Mark the candidates the lot fell on",
  }),
  note: z
    .string({ error: "Say how the lot was drawn" })
    .trim()
    .min(1, "Say how the lot was drawn")
    .max(500, "Say how the lot was drawn in at most 500 characters"),
});

/**
 * The count page's forms, by the address's `do`: the reminder, the close, a tie's lot. Each acts
 * as the signed-in Returning Officer; any other workspace account is refused by the action.
 */
export function countForm(
  press: string | null,
  office: string | null,
  election: ElectionRow,
  session: SecretariatSession,
): FormSpec<z.ZodType> | null {
  const by = session.account;
  if (press === "close" || press === "reminder")
    return anyForm({
      name: press,
      schema: pressSchema,
      maxBytes: 1024,
      unavailable: UNAVAILABLE,
      handle: async (_, { request }) =>
        answerOf(
          election,
          await (press === "close" ? closeElection : sendReminder)(election.id, by, {
            site: siteUrl(request),
          }),
        ),
    });
  if (press === "lot" && office)
    return anyForm({
      name: `lot-${office}`,
      schema: lotSchema,
      maxBytes: 4096,
      unavailable: UNAVAILABLE,
      handle: async ({ drawn, note }, { request }) =>
        answerOf(
          election,
          await recordLot(election.id, by, office, [drawn].flat(), note, { site: siteUrl(request) }),
        ),
    });
  return null;
}

export const findElection = (id: string, db: Db) => electionById(id, db);

/** What the count page shows the Returning Officer (and, read-only, the rest of the secretariat). */
export async function countView(election: ElectionRow, session: SecretariatSession, db: Db) {
  const count = async (table: "election_voters" | "ballots") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .where("election_id", "=", election.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const reminder = await db
    .selectFrom("election_reminders")
    .select(["sent_at", "recipients"])
    .where("election_id", "=", election.id)
    .executeTakeFirst();
  const close = await db
    .selectFrom("election_closes")
    .selectAll()
    .where("election_id", "=", election.id)
    .executeTakeFirst();
  const names = new Map(
    (
      await db
        .selectFrom("nominations")
        .innerJoin("accounts", "accounts.id", "nominations.candidate")
        .select(["nominations.id", "accounts.name"])
        .where("nominations.election_id", "=", election.id)
        .execute()
    ).map((row) => [row.id, row.name]),
  );
  const labels = new Map(
    (
      await db
        .selectFrom("election_offices")
        .select(["office", "label"])
        .where("election_id", "=", election.id)
        .execute()
    ).map((row) => [row.office, row.label]),
  );
  return {
    id: election.id,
    title: election.title,
    stage: election.stage,
    votingOpen: election.voting_open.toISOString(),
    votingClose: election.voting_close.toISOString(),
    isReturningOfficer: election.returning_officer === session.account.key,
    voted: await count("election_voters"),
    reminder: reminder ? { sentAt: reminder.sent_at.toISOString(), recipients: reminder.recipients } : null,
    close: close
      ? {
          ballots: close.ballots,
          digest: close.digest,
          published: close.published_at !== null,
          lots: close.lots.map((lot) => ({
            office: lot.office,
            label: labels.get(lot.office) ?? lot.office,
            seats: lot.seats,
            tied: lot.tied.map((nomination) => ({ nomination, name: names.get(nomination) ?? "" })),
            drawn: lot.drawn?.map((nomination) => names.get(nomination) ?? "") ?? null,
            note: lot.note,
          })),
        }
      : null,
  };
}

export type CountView = Awaited<ReturnType<typeof countView>>;
