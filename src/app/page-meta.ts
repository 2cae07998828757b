import type { MetaDescriptor } from "react-router";
import { drawnRefused, refusedTitle } from "#shared/forms/refused-page.ts";
import type { PageMeta } from "#shared/page-meta.ts";
import type { Site } from "#shared/schemas/site.ts";

/** The document title: the page's, then the society's short name (the home page is the name itself). */
export function pageTitle(title: string, site: Pick<Site, "name" | "shortName">): string {
  return title === site.name ? title : `${title} | ${site.shortName}`;
}

/**
 * A page's meta as the framework's <Meta> writes it: title, description, canonical link, Open
 * Graph and Twitter cards, robots, structured data and the preload of its largest image.
 * `path` is the canonical path (pathname only: no page of the site is chosen by its query).
 */
export function metaTags(meta: PageMeta, site: Site, path: string): MetaDescriptor[] {
  const title = pageTitle(meta.title, site);
  const canonical = new URL(path, site.url).href;
  const image = meta.image ? new URL(meta.image, canonical).href : null;
  return [
    { title },
    { name: "description", content: meta.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(meta.noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: meta.type ?? "website" },
    { property: "og:site_name", content: site.name },
    { property: "og:title", content: title },
    { property: "og:description", content: meta.description },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: meta.description },
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:image", content: image },
        ]
      : []),
    ...(meta.jsonLd ? [{ "script:ld+json": meta.jsonLd }] : []),
  ];
}

type MetaArgsLike = {
  location: { pathname: string };
  matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>;
};

/**
 * A route's `meta`: its PageMeta as tags, with the society's facts from the root's data. The
 * canonical address is the page's path: no page of the site is chosen by its query.
 */
export function routeMeta(args: MetaArgsLike, meta: PageMeta) {
  const site = siteOf(args.matches);
  const tags = site ? metaTags(meta, site, args.location.pathname) : [{ title: meta.title }];
  return withRefusal(tags, args.matches);
}

/**
 * The tags of a page drawn by the server with a form's refusal (a plain post's, or a GET form's in
 * its address): the title says so first. With JavaScript a refusal that comes later says it from
 * the form's error summary (src/components/forms/page-form.tsx).
 */
export function withRefusal(tags: MetaDescriptor[], matches: MetaArgsLike["matches"]): MetaDescriptor[] {
  if (!drawnRefused(matches)) return tags;
  return tags.map((tag) =>
    "title" in tag && typeof tag.title === "string" ? { title: refusedTitle(tag.title) } : tag,
  );
}

/** The society's facts from the root route's data, for a meta function that needs them itself. */
export function siteOf(matches: MetaArgsLike["matches"]): Site | undefined {
  return (matches.find((match) => match?.id === "root")?.loaderData as { site?: Site } | undefined)?.site;
}

/** A workspace page's head: its title, and never in a search engine (it is behind a sign-in anyway). */
export const workspaceMeta = (args: Pick<MetaArgsLike, "matches">, title: string): MetaDescriptor[] =>
  withRefusal(
    [{ title: `${title} | ISGPB secretariat` }, { name: "robots", content: "noindex, nofollow" }],
    args.matches,
  );
