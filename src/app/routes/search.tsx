import type { RouteHandle } from "#app/route-handle.ts";
import { SearchPage } from "#features/search/search-page.tsx";

export const handle: RouteHandle = {
  // Result pages are not for search engines; the page is reached from the header's search box.
  meta: {
    title: "Search",
    description: "Search the whole site of the Indian Society of Genetics and Plant Breeding.",
    noindex: true,
  },
};

export function Component() {
  return (
    <div className="page">
      <h1>Search</h1>
      <SearchPage />
    </div>
  );
}
