import type { EntryContext } from "react-router";

/**
 * The script modules `<Scripts />` preloads for a page, in its order: the route manifest (when
 * the framework sends it whole, as with `routeDiscovery: "initial"`), its client entry and what
 * that imports, then each matched route's module, its split client action and loader, its
 * hydrate fallback and their imports, each once.
 */
export function pageModules({ manifest, routeDiscovery, ssr, staticHandlerContext }: EntryContext): string[] {
  const wholeManifest = !(routeDiscovery.mode === "lazy" && ssr);
  const routes = staticHandlerContext.matches.flatMap(({ route }) => {
    const entry = manifest.routes[route.id];
    if (!entry) return [];
    const { module, clientActionModule, clientLoaderModule, hydrateFallbackModule, imports } = entry;
    return [module, clientActionModule, clientLoaderModule, hydrateFallbackModule, ...(imports ?? [])];
  });
  const hrefs = [
    ...(wholeManifest ? [manifest.url] : []),
    manifest.entry.module,
    ...manifest.entry.imports,
    ...routes,
  ];
  return [...new Set(hrefs.filter((href): href is string => typeof href === "string"))];
}
