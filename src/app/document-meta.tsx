import { useEffect } from "react";
import { useLocation, useMatches } from "react-router-dom";
import { usePageMetaOverride } from "#components/layout/page-meta.tsx";
import site from "#content/site.yaml";
import { resolveMeta, viewKey, viewParams } from "./route-handle";

/** Keeps title, description and canonical link in step with client-side navigation. */
export function DocumentMeta() {
  const matches = useMatches();
  const location = useLocation();
  const override = usePageMetaOverride();

  useEffect(() => {
    const meta = override ?? resolveMeta(matches, new URLSearchParams(location.search));
    document.title = pageTitle(meta.title);
    document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description);
    const url = new URL(location.pathname + location.search, site.url);
    document
      .querySelector('link[rel="canonical"]')
      ?.setAttribute("href", new URL(viewKey(url, viewParams(matches)), site.url).href);
  }, [matches, location, override]);

  return null;
}

export function pageTitle(title: string): string {
  return title === site.name ? title : `${title} | ${site.shortName}`;
}
