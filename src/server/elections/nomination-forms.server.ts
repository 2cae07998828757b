import { electionPath, isMemberForm, type MemberForm, pressFormName } from "#shared/elections/elections.ts";
import { nominateSchema, nominationPressSchema } from "#shared/schemas/elections.ts";
import type { z } from "#shared/zod.ts";
import { signInFirst } from "../account/account-request.server.ts";
import { currentAccount } from "../account/sessions.server.ts";
import { siteUrl } from "../env.server.ts";
import type { FormAnswer, FormSpec } from "../forms/form-post.server.ts";
import { anyForm } from "../secretariat/workspace-forms.server.ts";
import { answerOf } from "./election-forms.server.ts";
import { accept, decline, type MemberOutcome, nominate, second } from "./nominations.server.ts";

/**
 * A member's forms on an election's page (`?do=`): nominate, second, accept, decline. Each is the
 * page's own action, with or without JavaScript; a refusal comes back beside its field or button.
 */

const UNAVAILABLE =
  "Nothing was recorded: we could not reach our records just now. Please try again in a minute.";

async function memberAnswer(outcome: MemberOutcome | null, page: string): Promise<FormAnswer> {
  if (outcome && "done" in outcome) {
    const answer = await answerOf({ done: "already", mails: outcome.mails }, page);
    return answer.ok ? { ok: true, redirect: `${page}?status=${outcome.done}` } : answer;
  }
  return answerOf(outcome, page);
}

export function nominationForm(electionId: string, url: URL): FormSpec<z.ZodType> | null {
  const action = url.searchParams.get("do");
  if (!isMemberForm(action)) return null;
  const page = electionPath(electionId);
  const signedIn = async (request: Request) => {
    const account = await currentAccount(request);
    return account ? { account, siteUrl: siteUrl(request) } : null;
  };
  if (action === "nominate")
    return anyForm({
      name: pressFormName("nominate"),
      schema: nominateSchema,
      maxBytes: 4096,
      unavailable: UNAVAILABLE,
      async handle({ office, candidate }, { request }) {
        const acting = await signedIn(request);
        if (!acting) return signInFirst(page);
        return memberAnswer(await nominate(electionId, office, candidate, acting), page);
      },
    });
  const press: Record<Exclude<MemberForm, "nominate">, typeof second> = { second, accept, decline };
  return anyForm({
    name: pressFormName(action, url.searchParams.get("nomination") ?? undefined),
    schema: nominationPressSchema,
    maxBytes: 1024,
    unavailable: UNAVAILABLE,
    async handle({ nomination }, { request }) {
      const acting = await signedIn(request);
      if (!acting) return signInFirst(page);
      return memberAnswer(await press[action](electionId, nomination, acting), page);
    },
  });
}
