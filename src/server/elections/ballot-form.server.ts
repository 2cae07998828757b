import { z } from "#shared/zod.ts";
import { signInFirst } from "../account/account-request.server.ts";
import { currentAccount } from "../account/sessions.server.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { castBallot } from "./ballot-cast.server.ts";

/**
 * The ballot's fields: one list of nominations per office (`office-<code>`), the form token and
 * the honeypot. Which offices and candidates are allowed depends on the voter, so the handler
 * checks them (readChoices); this only bounds the shape.
 */
const ballotSchema = z
  .record(
    z
      .string()
      .regex(/^(office-[a-z][a-z-]{0,40}|form_token|reference)$/, "The ballot has a field it should not."),
    z.union([z.string().max(2048), z.array(z.string().max(64)).max(40)]),
  )
  .refine(
    (fields) => Object.keys(fields).length <= 40,
    "The ballot has more fields than any election has offices.",
  );

export type BallotFields = z.output<typeof ballotSchema>;

/**
 * The voting page's form, for one election: the signed-in member's vote (ballot-cast.server.ts).
 * Its form token is checked by the handler, not the spam guard: a suspect ballot is refused with
 * a reason, never quarantined (that would keep a copy of someone's choices) nor answered as if
 * counted.
 */
export function ballotForm(electionId: string): FormSpec<typeof ballotSchema> {
  return {
    name: "ballot",
    schema: ballotSchema,
    maxBytes: 16_384,
    invalid: "The ballot could not be read. Open the voting page again and vote from there.",
    unavailable:
      "Your vote was not recorded: we could not reach our records just now. Nothing was kept; please try again in a minute.",
    async handle(fields, { request }): Promise<FormAnswer> {
      const account = await currentAccount(request);
      if (!account) return signInFirst(`/elections/${electionId}/vote`);
      const { tracker: _, ...answer } = await castBallot(electionId, account, fields, siteUrl(request));
      return answer;
    },
  };
}
