import { useEffect, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";

/** How long typing must pause before the query goes into the URL. */
const URL_DELAY_MS = 300;

/**
 * A searchable list's state, kept in the URL so a search can be shared: `q` (the typed words) and
 * one filter (`filterParam`) in the query, the page in the path (`/directory/page/2`, as the
 * prerendered pages have it: the route's `page` param). The list follows every keystroke at once; the
 * words go into the URL once typing pauses, so the router's navigation is not repeated for each.
 * Changing the words or the filter goes back to the first page. History entries are replaced,
 * not added. `openParam`, when given, names an item whose details open with the page; closing
 * them takes it out of the URL.
 */
export function useListQuery(filterParam: string, path: string, openParam?: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useParams();
  const navigate = useNavigate();
  const [query, setQuery] = useState(() => searchParams.get("q") ?? "");
  const inUrl = searchParams.get("q") ?? "";

  /** A new search or filter starts again at the first page. */
  function update(name: string, value: string) {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(name, value);
    else next.delete(name);
    const search = next.toString();
    navigate(`${path}${search ? `?${search}` : ""}`, { replace: true, preventScrollReset: true });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `update` is new each render; query and URL decide
  useEffect(() => {
    const value = query.trim();
    if (value === inUrl) return;
    const timer = setTimeout(() => update("q", value), URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, inUrl]);

  /** The link to another page of the same search. */
  const pageHref = (target: number) => {
    const search = searchParams.toString();
    return `${target === 1 ? path : `${path}/page/${target}`}${search ? `?${search}` : ""}`;
  };

  return {
    query,
    setQuery,
    filter: searchParams.get(filterParam) ?? "",
    setFilter: (value: string) => update(filterParam, value),
    page: params.page ?? null,
    pageHref,
    opened: openParam ? searchParams.get(openParam) : null,
    clearOpened() {
      if (!openParam || !searchParams.has(openParam)) return;
      const next = new URLSearchParams(searchParams);
      next.delete(openParam);
      setSearchParams(next, { replace: true, preventScrollReset: true });
    },
  };
}
