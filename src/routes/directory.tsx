import type { RouteHandle } from "#app/route-handle.ts";
import { longList } from "#client/api-client.ts";
import { prerendered, sameDataForAnyQuery, usePageData, usePrerendered } from "#client/page-data.ts";
import { SocietyBanner } from "#components/layout/society-banner.tsx";
import { DirectoryBrowser, type DirectorySnapshot } from "#features/directory/directory-browser.tsx";
import { DIRECTORY_PAGE_SIZE } from "#shared/directory-constants.ts";
import { clampPage, pageCount, pageSlice } from "#shared/paging.ts";
import { publicMemberSchema } from "#shared/schemas/directory.ts";

// The HTML carries one page of public fields; the whole list (for searching) is fetched in the
// browser, and contact details on View More.
export const loader = prerendered(async (context, url) => {
  const all = await context.directory.members();
  const page = clampPage(url.searchParams.get("page"), pageCount(all.length, DIRECTORY_PAGE_SIZE));
  const snapshot: DirectorySnapshot = {
    members: pageSlice(all, page, DIRECTORY_PAGE_SIZE),
    page,
    total: all.length,
  };
  return { snapshot };
});

export const shouldRevalidate = sameDataForAnyQuery;

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
  view: ["page"],
};

const directoryAnswer = longList(publicMemberSchema);

export function Component() {
  const snapshot = usePrerendered<DirectorySnapshot>("snapshot") ?? null;
  // Never prerendered: the whole list is always fetched, prerendered page or not. Its 2,100
  // members are checked a slice at a time, beside the page's own work (longList).
  const members = usePageData("members", "/api/directory", directoryAnswer);
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
