import { data, Link } from "react-router";
import { SocietyBanner } from "#components/layout/society-banner.tsx";
import { MemberDetailsList } from "#features/directory/member-dialog.tsx";
import { memberDetails } from "#server/directory/member-details.server.ts";
import { EmptySheetError } from "#server/directory/sheet-rows.server.ts";
import { UpstreamUnavailableError } from "#server/last-good-copy.server.ts";
import { memberPagePath } from "#shared/member-privacy.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/directory-member";

/**
 * One member's details, per request: View More for a reader without JavaScript (the dialog asks
 * GET /api/directory/:id for the same answer). Contact details only for a signed-in member whose
 * membership is active (decision 0015); limited per network as that API is
 * (netlify/edge-functions/get-limit-directory-member.ts).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await memberDetails(request, params.id).catch((error: unknown) => {
    // The sheet out of reach with no copy to serve: 503, as the dialog's API answers (an empty
    // sheet has no members: 404). Anything else is the framework's to log and answer.
    if (!(error instanceof UpstreamUnavailableError)) throw error;
    throw data(null, { status: error.cause instanceof EmptySheetError ? 404 : 503 });
  });
  if (!found) throw data(null, { status: 404 });
  return { member: found.details };
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: args.loaderData ? `${args.loaderData.member.name}: Member Directory` : "Member Directory",
    description: "A member of the Indian Society of Genetics and Plant Breeding: position and institution.",
    noindex: true,
  });

export default function DirectoryMember({ loaderData: { member } }: Route.ComponentProps) {
  return (
    <>
      <SocietyBanner />
      <div className="page">
        <p>
          <Link to="/directory">Back to the Member Directory</Link>
        </p>
        <h2>{member.name}</h2>
        <MemberDetailsList member={member} returnTo={memberPagePath(member.id)} />
      </div>
    </>
  );
}
