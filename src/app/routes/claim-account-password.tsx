import { postToServer } from "#components/forms/client-action.ts";
import { ClaimPasswordPage } from "#features/account/claim-password-page.tsx";
import { checkClaimLink } from "#server/account/account-claim.server.ts";
import { claimPasswordForm } from "#server/account/claim-password-form.server.ts";
import { pageForm } from "#server/forms/page-form.server.ts";
import { type ClaimRefusal, isClaimRefusal } from "#shared/account-claim.ts";
import { LINK_TOKEN_PATTERN } from "#shared/account-recovery.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/claim-account-password";

/**
 * Where a claim link leads (`?token=`): whether it still works is known when the page opens
 * (looking spends nothing; only the form's post does), so a dead or replaced link says so at once.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const returned = search.get("status");
  if (isClaimRefusal(returned)) return { token: null, refusal: returned, memberNo: null };
  const token = search.get("token") ?? "";
  if (!LINK_TOKEN_PATTERN.test(token))
    return { token: null, refusal: "invalid" as ClaimRefusal, memberNo: null };
  const check = await checkClaimLink(token);
  return check.ok
    ? { token, refusal: null, memberNo: check.memberNo }
    : { token: null, refusal: check.reason, memberNo: null };
}

export const action = pageForm(claimPasswordForm);
export const clientAction = postToServer;

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Set your password",
    description: "Set the password of your website account with the society.",
    noindex: true,
  });

export default function ClaimAccountPassword({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>Set your password</h1>
      <ClaimPasswordPage {...loaderData} />
    </div>
  );
}
