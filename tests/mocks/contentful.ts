import { HttpResponse, http } from "msw";

/** msw handlers for Contentful's Content Delivery API, answering raw CDA JSON like the real one. */

export const CDA_ENTRIES = "https://cdn.contentful.com/spaces/:space/environments/:environment/entries";

export type FixtureNews = {
  id: string;
  name?: string;
  slug?: string;
  description?: string;
  date?: string;
  thumbnail?: string;
  screenshot?: string;
  url?: string;
};

const link = (id: string) => ({ sys: { type: "Link", linkType: "Asset", id } });

export function cdaAsset(id: string, fileName: string, contentType = "image/jpeg") {
  return {
    sys: { type: "Asset", id, locale: "en-US" },
    fields: {
      title: `Asset ${id}`,
      description: `Description of ${id}`,
      file: {
        url: `//images.ctfassets.net/space/${id}/hash/${fileName}`,
        fileName,
        contentType,
        details: {
          size: 1000,
          image: contentType.startsWith("image/") ? { width: 800, height: 450 } : undefined,
        },
      },
    },
  };
}

function cdaEntry(news: FixtureNews, contentType: string) {
  const fields: Record<string, unknown> = {};
  for (const key of ["name", "slug", "description", "date", "url"] as const) {
    if (news[key] !== undefined) fields[key] = news[key];
  }
  if (news.thumbnail) fields.thumbnail = link(news.thumbnail);
  if (news.screenshot) fields.screenshot = link(news.screenshot);
  return {
    sys: {
      type: "Entry",
      id: news.id,
      contentType: { sys: { type: "Link", linkType: "ContentType", id: contentType } },
    },
    fields,
  };
}

/**
 * Answers like the CDA for `entries`, honouring content_type, fields.slug, order=-fields.date,
 * skip and limit, and including the linked assets that exist in `assets`. `seen` records each
 * request's query so tests can check what was asked.
 */
export function contentfulEntries(
  entries: FixtureNews[],
  assets: ReturnType<typeof cdaAsset>[],
  seen: URLSearchParams[] = [],
  contentType = "isgpbNews",
) {
  return http.get(CDA_ENTRIES, ({ request }) => {
    const query = new URL(request.url).searchParams;
    // The site's content asks for all its types at once: another handler's (contentfulSpace).
    if (query.has("sys.contentType.sys.id[in]")) return undefined;
    seen.push(query);
    if (query.get("content_type") !== contentType) {
      return HttpResponse.json(
        { sys: { type: "Error", id: "InvalidQuery" }, message: "unknown content type" },
        { status: 400 },
      );
    }
    let matching = entries;
    const slug = query.get("fields.slug");
    if (slug) matching = matching.filter((entry) => entry.slug === slug);
    if (query.get("order") === "-fields.date") {
      matching = [...matching].sort((a, b) => (b.date ?? "").localeCompare(a.date ?? ""));
    }
    const skip = Number(query.get("skip") ?? 0);
    const limit = Number(query.get("limit") ?? 100);
    const items = matching.slice(skip, skip + limit);
    const linked = new Set(items.flatMap((entry) => [entry.thumbnail, entry.screenshot]).filter(Boolean));
    return HttpResponse.json({
      sys: { type: "Array" },
      total: matching.length,
      skip,
      limit,
      items: items.map((entry) => cdaEntry(entry, contentType)),
      includes: { Asset: assets.filter((asset) => linked.has(asset.sys.id)) },
    });
  });
}

export const contentfulFails = (status: number) =>
  http.get(CDA_ENTRIES, () =>
    HttpResponse.json({ sys: { type: "Error", id: "ServerError" }, message: "Upstream failure" }, { status }),
  );

/** Never answers until the request is aborted: a hung upstream. */
export const contentfulHangs = () => http.get(CDA_ENTRIES, () => new Promise<never>(() => {}));

export type FixtureSlide = {
  id: string;
  /** One asset id, or a list of them (SPEC section 3 allows both). */
  image?: string | string[];
  lightbox?: string;
};

/**
 * Answers like the CDA for `sliderShow` entries, with their linked assets included. `seen`
 * records each request's query.
 */
export function contentfulSlides(
  slides: FixtureSlide[],
  assets: ReturnType<typeof cdaAsset>[],
  seen: URLSearchParams[] = [],
  contentType = "sliderShow",
) {
  return http.get(CDA_ENTRIES, ({ request }) => {
    const query = new URL(request.url).searchParams;
    // The site's content asks for all its types at once: another handler's (contentfulSpace).
    if (query.has("sys.contentType.sys.id[in]")) return undefined;
    seen.push(query);
    if (query.get("content_type") !== contentType) {
      return HttpResponse.json(
        { sys: { type: "Error", id: "InvalidQuery" }, message: "unknown content type" },
        { status: 400 },
      );
    }
    const items = slides.map((slide) => {
      const fields: Record<string, unknown> = {};
      if (slide.image !== undefined) {
        fields.image = Array.isArray(slide.image) ? slide.image.map(link) : link(slide.image);
      }
      if (slide.lightbox) fields.lightbox = link(slide.lightbox);
      return {
        sys: {
          type: "Entry",
          id: slide.id,
          contentType: { sys: { type: "Link", linkType: "ContentType", id: contentType } },
        },
        fields,
      };
    });
    const linked = new Set(slides.flatMap((slide) => [slide.image ?? [], slide.lightbox ?? []].flat()));
    return HttpResponse.json({
      sys: { type: "Array" },
      total: items.length,
      skip: 0,
      limit: 100,
      items,
      includes: { Asset: assets.filter((asset) => linked.has(asset.sys.id)) },
    });
  });
}

export type FixtureEvent = { id: string; fields: Record<string, unknown>; attachment?: string };

/** Answers like the CDA for event entries (content type `contentType`), with linked assets included. */
export function contentfulEvents(
  events: FixtureEvent[],
  assets: ReturnType<typeof cdaAsset>[] = [],
  seen: URLSearchParams[] = [],
  contentType = "isgpbEvent",
) {
  return http.get(CDA_ENTRIES, ({ request }) => {
    const query = new URL(request.url).searchParams;
    // The site's content asks for all its types at once: another handler's (contentfulSpace).
    if (query.has("sys.contentType.sys.id[in]")) return undefined;
    seen.push(query);
    if (query.get("content_type") !== contentType) {
      return HttpResponse.json(
        { sys: { type: "Error", id: "InvalidQuery" }, message: "unknown content type" },
        { status: 400 },
      );
    }
    const items = events.map((event) => ({
      sys: {
        type: "Entry",
        id: event.id,
        contentType: { sys: { type: "Link", linkType: "ContentType", id: contentType } },
      },
      fields: { ...event.fields, ...(event.attachment && { attachment: link(event.attachment) }) },
    }));
    const linked = new Set(events.map((event) => event.attachment).filter(Boolean));
    return HttpResponse.json({
      sys: { type: "Array" },
      total: items.length,
      skip: 0,
      limit: 1000,
      items,
      includes: { Asset: assets.filter((asset) => linked.has(asset.sys.id)) },
    });
  });
}

/** The Delivery API's form of a space: entries and assets as tests/fixtures/contentful/space.json holds them. */
export type SpaceFixtures = {
  entries: { sys: { id: string; contentType: { sys: { id: string } } }; fields: Record<string, unknown> }[];
  assets: { sys: { id: string }; fields: { file: { url: string } } }[];
};

export type SeenRequest = { host: string; query: URLSearchParams; authorization: string | null };

/** The links in a value: a field, a list of them (Rich Text embeds are not used by our types). */
function linksIn(value: unknown): { linkType: string; id: string }[] {
  if (Array.isArray(value)) return value.flatMap(linksIn);
  const sys = (value as { sys?: { type?: string; linkType?: string; id?: string } } | null)?.sys;
  return sys?.type === "Link" && sys.linkType && sys.id ? [{ linkType: sys.linkType, id: sys.id }] : [];
}

/**
 * Answers like the Delivery API (and, on preview.contentful.com, the Preview API) for a whole
 * space: `content_type` or `sys.contentType.sys.id[in]`, `fields.<name>=…`, `order=sys.id` or
 * `-fields.date`, `skip`, `limit`, and `include` levels of linked entries and assets in
 * `includes`, as the real API does (an entry already among the items is not repeated). `seen` records each request's host, query and token;
 * `host` answers one host only (preview.contentful.com: the drafts).
 */
export function contentfulSpace(space: SpaceFixtures, seen: SeenRequest[] = [], host = ":host") {
  const byId = new Map(space.entries.map((entry) => [entry.sys.id, entry]));
  const assetsById = new Map(space.assets.map((asset) => [asset.sys.id, asset]));
  return http.get(`https://${host}/spaces/:space/environments/:environment/entries`, ({ request }) => {
    const url = new URL(request.url);
    const query = url.searchParams;
    seen.push({ host: url.hostname, query, authorization: request.headers.get("authorization") });
    const types = query.get("sys.contentType.sys.id[in]")?.split(",") ?? [query.get("content_type")];
    let matching = space.entries.filter((entry) => types.includes(entry.sys.contentType.sys.id));
    // An equality on a field (`fields.slug=…`: the news item a page asks for).
    for (const [key, value] of query)
      if (key.startsWith("fields."))
        matching = matching.filter((entry) => entry.fields[key.slice(7)] === value);
    const order = query.get("order");
    if (order === "sys.id") matching = [...matching].sort((a, b) => a.sys.id.localeCompare(b.sys.id));
    if (order === "-fields.date")
      matching = [...matching].sort((a, b) =>
        String(b.fields.date ?? "").localeCompare(String(a.fields.date ?? "")),
      );
    const skip = Number(query.get("skip") ?? 0);
    const limit = Number(query.get("limit") ?? 100);
    const items = matching.slice(skip, skip + limit);

    const included = { Entry: new Map<string, unknown>(), Asset: new Map<string, unknown>() };
    const inItems = new Set(items.map((entry) => entry.sys.id));
    let level = items as SpaceFixtures["entries"];
    for (let depth = 0; depth < Number(query.get("include") ?? 1); depth++) {
      const next: SpaceFixtures["entries"] = [];
      for (const { linkType, id } of level.flatMap((entry) => Object.values(entry.fields).flatMap(linksIn))) {
        if (linkType === "Asset" && assetsById.has(id)) included.Asset.set(id, assetsById.get(id));
        const linked = byId.get(id);
        if (linkType === "Entry" && linked && !inItems.has(id) && !included.Entry.has(id)) {
          included.Entry.set(id, linked);
          next.push(linked);
        }
      }
      level = [...items, ...next];
    }
    return HttpResponse.json({
      sys: { type: "Array" },
      total: matching.length,
      skip,
      limit,
      items,
      includes: { Entry: [...included.Entry.values()], Asset: [...included.Asset.values()] },
    });
  });
}
