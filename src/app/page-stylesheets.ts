import type { EntryContext, LinkDescriptor } from "react-router";

/**
 * The stylesheets `<Links />` writes for a page: each matched route's CSS from the build's
 * manifest and the stylesheets of its `links()`, down to the route whose boundary shows an error
 * (as the framework picks them), each once.
 */
export function pageStylesheets({ manifest, routeModules, staticHandlerContext }: EntryContext): string[] {
  const { matches, errors } = staticHandlerContext;
  const active = errors
    ? matches.slice(0, matches.findIndex((match) => errors[match.route.id] !== undefined) + 1)
    : matches;
  const hrefs = active.flatMap(({ route }) => [
    ...(manifest.routes[route.id]?.css ?? []),
    ...(routeModules[route.id]?.links?.() ?? []).flatMap(stylesheetHref),
  ]);
  return [...new Set(hrefs)];
}

function stylesheetHref(link: LinkDescriptor): string[] {
  return "rel" in link && link.rel === "stylesheet" && typeof link.href === "string" ? [link.href] : [];
}
