import type { ShouldRevalidateFunction } from "react-router";
import { listOf } from "#client/api-client.ts";
import { useJson } from "#client/use-json.ts";
import { FellowsBrowser } from "#features/fellows/fellows-browser.tsx";
import { publicDirectory } from "#server/directory/directory-source.server.ts";
import type { Fellow } from "#shared/schemas/directory.ts";
import { routeMeta } from "../page-meta.ts";
import type { Route } from "./+types/fellowship";

export async function loader() {
  return { fellows: await publicDirectory().fellows() };
}

/** Searching and filtering change only the query: the page's data stays. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate);

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: "Fellowship",
    description:
      "Fellows of the Indian Society of Genetics and Plant Breeding: name, position and institution.",
  });

const fellowsAnswer = listOf<Fellow>();

export default function Fellowship({ loaderData }: Route.ComponentProps) {
  // The fellows live in a sheet that changes without a new build: the page asks for the list as
  // it is now, and keeps the built one (saying it may be out of date) when that fails (decision 6).
  const fresh = useJson("/api/fellows", fellowsAnswer);
  return (
    <div className="page">
      <h1>Fellowship</h1>
      <h2>Members Directory</h2>
      <FellowsBrowser fellows={fresh.value ?? loaderData.fellows} outOfDate={fresh.error !== null} />
    </div>
  );
}
