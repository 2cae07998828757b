import {
  ELECTION_FLASHES,
  type ElectionFlash,
  electionWorkspacePath,
  isRoForm,
  isStageAction,
  type MemberStatus,
} from "#shared/elections/elections.ts";
import {
  decideSchema,
  extendSchema,
  newElectionSchema,
  rollAddSchema,
  rollStrikeSchema,
  stagePressSchema,
} from "#shared/schemas/elections.ts";
import type { z } from "#shared/zod.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { deliverNow } from "../mail/outbox.server.ts";
import { isSecretariatAddress, type SecretariatSession } from "../secretariat/auth.server.ts";
import { anyForm } from "../secretariat/workspace-forms.server.ts";
import { requestMailBudgetMs } from "../submissions.server.ts";
import { createElection, type Election } from "./elections.server.ts";
import {
  addToRoll,
  decideNomination,
  pressStage,
  type RoOutcome,
  strikeFromRoll,
} from "./returning-officer.server.ts";

/**
 * The workspace's election forms (issue 59): a new election, and on an election's page the
 * Returning Officer's presses (`?do=`). Every answer is the election's page with what was done at
 * its top, or the refusal beside the field or the button.
 */

const UNAVAILABLE =
  "Nothing was changed: we could not reach our records just now. Please try again in a minute.";

export const withElectionFlash = (path: string, code: ElectionFlash | MemberStatus, param = "done") =>
  `${path}?${param}=${code}`;

export const flashOf = (search: URLSearchParams) => {
  const code = search.get("done");
  return code && Object.hasOwn(ELECTION_FLASHES, code) ? ELECTION_FLASHES[code as ElectionFlash] : null;
};

/** A press's outcome as the form's answer; its mails to one member go at once, within the request's budget. */
export async function answerOf(outcome: RoOutcome | null, page: string): Promise<FormAnswer> {
  if (!outcome) return { ok: false, status: 404, error: "There is no such election." };
  if ("refused" in outcome)
    return {
      ok: false,
      status: outcome.status,
      error: outcome.refused,
      ...(outcome.field ? { fields: { [outcome.field]: outcome.refused } } : {}),
    };
  if (outcome.mails.length > 0) await deliverNow(outcome.mails, requestMailBudgetMs()).catch(() => undefined);
  return { ok: true, redirect: withElectionFlash(page, outcome.done) };
}

/** 'Create the election': in draft, with its offices and Returning Officer. */
export function newElectionForm(session: SecretariatSession): FormSpec<z.ZodType> {
  return anyForm({
    name: "election-new",
    schema: newElectionSchema,
    maxBytes: 8 * 1024,
    unavailable:
      "The election was not created: we could not store it just now. Please try again in a minute.",
    async handle(form) {
      const created = await createElection(form, session.account, isSecretariatAddress);
      if (!created)
        return {
          ok: false,
          status: 400,
          error: "Choose a Returning Officer from the list: a secretariat account.",
          fields: { returningOfficer: "Choose a Returning Officer from the list: a secretariat account." },
        };
      return { ok: true, redirect: withElectionFlash(electionWorkspacePath(created.id), "created") };
    },
  });
}

/** The form the election page's `?do=` names: a stage's press, the roll's add and strike, a decision. */
export function electionForm(
  election: Election,
  session: SecretariatSession,
  url: URL,
): FormSpec<z.ZodType> | null {
  const action = url.searchParams.get("do");
  const page = electionWorkspacePath(election.id);
  const acting = (request: Request) => ({
    account: session.account,
    who: session.who,
    siteUrl: siteUrl(request),
  });
  if (isStageAction(action)) {
    const extending = action === "extend-nominations" || action === "extend-voting";
    return anyForm({
      name: `election-${action}`,
      schema: extending ? extendSchema : stagePressSchema,
      maxBytes: 1024,
      unavailable: UNAVAILABLE,
      handle: async (form: { lastDay?: string }, { request }) =>
        answerOf(await pressStage(election.id, action, acting(request), form.lastDay), page),
    });
  }
  if (!isRoForm(action)) return null;
  if (action === "decide")
    return anyForm({
      name: "election-decide",
      schema: decideSchema,
      maxBytes: 16 * 1024,
      unavailable: UNAVAILABLE,
      handle: async ({ nomination, decision, note }, { request }) =>
        answerOf(await decideNomination(election.id, nomination, decision, note, acting(request)), page),
    });
  return anyForm({
    name: `election-${action}`,
    schema: action === "roll-add" ? rollAddSchema : rollStrikeSchema,
    maxBytes: 16 * 1024,
    unavailable: UNAVAILABLE,
    handle: async ({ member, reason }, { request }) =>
      answerOf(
        await (action === "roll-add" ? addToRoll : strikeFromRoll)(
          election.id,
          member,
          reason,
          acting(request),
        ),
        page,
      ),
  });
}
