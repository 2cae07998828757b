import type { RouterContextProvider } from "react-router";
import type { SessionAnswer } from "#shared/api/account.ts";
import type { FormRefusal } from "#shared/forms/form-result.ts";
import type { Site } from "#shared/schemas/site.ts";
import { publicAccount } from "../account/accounts.server.ts";
import { currentAccount } from "../account/sessions.server.ts";
import { pageContent, previewState } from "../content/page-content.server.ts";
import { flashContext } from "../forms/form-flash.server.ts";
import { isPrerendering } from "../prerendering.server.ts";

export type RootData = {
  site: Site;
  /**
   * Who is signed in, when this page was rendered for the visitor; undefined on a prerendered
   * page, which is the same for everyone: the browser asks /api/session there.
   */
  session?: SessionAnswer;
  /** A form's refusal this page was sent back with, after a post without JavaScript. */
  refused?: FormRefusal;
  /**
   * A page drawn for the secretariat's preview of the drafts: it is shown in a frame that runs
   * nothing, so it comes without its scripts, as a reader without JavaScript gets it.
   */
  preview?: true;
};

/** What every page needs: the society's facts (header, menu, footer) and the visitor's session. */
export async function rootData(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<RootData> {
  const site = await pageContent("site.yaml");
  if (isPrerendering()) return { site };
  if (previewState()) return { site, session: { signedIn: false }, preview: true };
  const refused = context.get(flashContext) ?? undefined;
  try {
    const account = await currentAccount(request);
    return {
      site,
      session: account ? { signedIn: true, member: publicAccount(account) } : { signedIn: false },
      ...(refused && { refused }),
    };
  } catch {
    // The sessions could not be read just now: the page still comes, and the browser asks again.
    return { site, ...(refused && { refused }) };
  }
}
