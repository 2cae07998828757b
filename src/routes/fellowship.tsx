import type { RouteHandle } from "#app/route-handle.ts";
import { prerendered, sameDataForAnyQuery, usePageData } from "#client/page-data.ts";
import { Loading } from "#components/layout/pending.tsx";
import { FellowsBrowser } from "#features/fellows/fellows-browser.tsx";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import { fellowsSchema } from "#shared/schemas/directory.ts";

export const loader = prerendered(async (context) => ({ fellows: await context.directory.fellows() }));

export const shouldRevalidate = sameDataForAnyQuery;

export const handle: RouteHandle = {
  meta: {
    title: "Fellowship",
    description:
      "Fellows of the Indian Society of Genetics and Plant Breeding: name, position and institution.",
  },
};

export function Component() {
  // A prerendered page may predate the sheet's latest rows: it asks once; on failure the page
  // stays and says it may be out of date (decision 6).
  const fellows = usePageData("fellows", "/api/fellows", fellowsSchema, { refresh: true });
  return (
    <div className="page">
      <h1>Fellowship</h1>
      <h2>Members Directory</h2>
      {fellows.value ? (
        <FellowsBrowser fellows={fellows.value} outOfDate={fellows.error !== null} />
      ) : fellows.error ? (
        <p role="alert" className="error-text">
          {DIRECTORY_TEXTS.fellowsFailed}
        </p>
      ) : (
        <Loading>{DIRECTORY_TEXTS.loading}</Loading>
      )}
    </div>
  );
}
