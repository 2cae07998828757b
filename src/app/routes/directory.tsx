import { data, redirect, type ShouldRevalidateFunction } from "react-router";
import { listOf } from "#client/api-client.ts";
import { useJson } from "#client/use-json.ts";
import { SocietyBanner } from "#components/layout/society-banner.tsx";
import { DirectoryBrowser } from "#features/directory/directory-browser.tsx";
import { publicDirectory } from "#server/directory/directory-source.server.ts";
import { DIRECTORY_PAGE_SIZE } from "#shared/directory-constants.ts";
import { pageCount, pageSlice } from "#shared/paging.ts";
import type { PublicMember } from "#shared/schemas/directory.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/directory";

/**
 * One page of 50 members, public fields only: /directory, /directory/page/2 and on, each
 * prerendered, so the whole directory can be browsed without JavaScript. With it, the page then
 * fetches the whole list for searching, and a member's contact details on View More.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const all = await publicDirectory().members();
  const pages = pageCount(all.length, DIRECTORY_PAGE_SIZE);
  const page = params.page === undefined ? 1 : Number(params.page);
  if (!Number.isInteger(page) || page < 1 || page > pages) throw data(null, { status: 404 });
  if (params.page !== undefined && page === 1) throw redirect("/directory", 301);
  return { snapshot: { members: pageSlice(all, page, DIRECTORY_PAGE_SIZE), page, total: all.length } };
}

/** Searching and filtering change only the query: the page's data stays. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.snapshot.page ?? 1;
  return routeMeta(args, {
    title: page > 1 ? `Member Directory, page ${page}` : "Member Directory",
    description:
      "Members of the Indian Society of Genetics and Plant Breeding: name, position and institution.",
  });
};

const directoryAnswer = listOf<PublicMember>();

export default function Directory({ loaderData: { snapshot } }: Route.ComponentProps) {
  const members = useJson("/api/directory", directoryAnswer);
  return (
    <>
      <SocietyBanner />
      <div className="page">
        <h2>Member Directory</h2>
        <DirectoryBrowser snapshot={snapshot} all={members.value} error={members.error} />
      </div>
    </>
  );
}
