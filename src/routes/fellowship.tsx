import { Suspense } from "react";
import {
  Await,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunction,
  useLoaderData,
} from "react-router-dom";
import type { RouteHandle } from "#app/route-handle.ts";
import { FellowsBrowser, fetchFellows } from "#features/fellows/fellows-browser.tsx";
import { DIRECTORY_TEXTS } from "#shared/directory-constants.ts";
import { isPrerenderContext } from "#shared/page-meta.ts";
import type { Fellow } from "#shared/schemas/directory.ts";

export async function loader({ context }: LoaderFunctionArgs) {
  if (isPrerenderContext(context)) return { fellows: await context.directory.fellows() };
  const fellows = fetchFellows();
  // <Await> reports a failure; until it renders, keep the rejection from counting as unhandled.
  fellows.catch(() => {});
  return { fellows };
}

// Searching and filtering only change the URL's query: the list already loaded stays.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export const handle: RouteHandle = {
  meta: {
    title: "Fellowship",
    description:
      "Fellows of the Indian Society of Genetics and Plant Breeding: name, position and institution.",
  },
};

export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>Fellowship</h1>
      <h2>Members Directory</h2>
      {Array.isArray(data.fellows) ? (
        <FellowsBrowser fellows={data.fellows} refresh />
      ) : (
        <Suspense fallback={<p role="status">{DIRECTORY_TEXTS.loading}</p>}>
          <Await
            resolve={data.fellows}
            errorElement={
              <p role="alert" className="error-text">
                {DIRECTORY_TEXTS.fellowsFailed}
              </p>
            }
          >
            {(fellows: Fellow[]) => <FellowsBrowser fellows={fellows} />}
          </Await>
        </Suspense>
      )}
    </div>
  );
}
