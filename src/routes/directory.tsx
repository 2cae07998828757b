import { Suspense } from "react";
import {
  Await,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
  useLoaderData,
} from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { SocietyBanner } from "#components/layout/society-banner.tsx";
import { DirectoryBrowser, DirectoryError, fetchMembers } from "#features/directory/directory-browser.tsx";
import { DIRECTORY_PAGE_SIZE, DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import { isPrerenderContext } from "#shared/page-meta.ts";
import { clampPage, pageCount, pageSlice } from "#shared/paging.ts";
import type { PublicMember } from "#shared/schemas/directory.ts";

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (isPrerenderContext(context)) {
    // The HTML carries one page of public fields; contact details are fetched on View More.
    const all = await context.directory.members();
    const page = clampPage(
      new URL(request.url).searchParams.get("page"),
      pageCount(all.length, DIRECTORY_PAGE_SIZE),
    );
    return {
      snapshot: { members: pageSlice(all, page, DIRECTORY_PAGE_SIZE), page, total: all.length },
      members: null,
    };
  }
  const members = fetchMembers();
  // <Await> reports a failure; until it renders, keep the rejection from counting as unhandled.
  members.catch(() => {});
  return { snapshot: null, members };
}

// Searching, filtering and paging only change the URL's query: the list already loaded stays.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export const handle: RouteHandle = {
  meta: ({ search }) => {
    const page = search.get("page");
    return {
      title: page && page !== "1" ? `Member Directory, page ${page}` : "Member Directory",
      description:
        "Members of the Indian Society of Genetics and Plant Breeding: name, position and institution.",
    };
  },
  // Every ?page=N is prerendered too, so the whole directory can be browsed without JavaScript.
  async prerender({ directory }) {
    const pages = pageCount((await directory.members()).length, DIRECTORY_PAGE_SIZE);
    return Array.from({ length: pages - 1 }, (_, index) => `/directory?page=${index + 2}`);
  },
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <SocietyBanner />
      <div className="page">
        <h2>Member Directory</h2>
        {data.snapshot ? (
          <DirectoryBrowser snapshot={data.snapshot} />
        ) : (
          <Suspense fallback={<p role="status">{DIRECTORY_TEXTS.loading}</p>}>
            <Await resolve={data.members ?? []} errorElement={<DirectoryError />}>
              {(members: PublicMember[]) => <DirectoryBrowser all={members} />}
            </Await>
          </Suspense>
        )}
      </div>
    </>
  );
}
