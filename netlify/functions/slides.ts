/**
 * Slides API.
 *   GET /api/slides → 200 [{ image, srcset, width, height, alt, lightbox }] (https URLs or site paths)
 * When upstream fails or answers no slides, the last good copy is served (X-Data-Stale: true);
 * with none, 503 + Retry-After. The home page's slider stays empty then, without an error.
 * Env: CONTENTFUL_SPACE_ID, CONTENTFUL_ACCESS_TOKEN (both, or content/slides.json),
 *      CONTENTFUL_ENVIRONMENT, CONTENTFUL_HOST, CONTENTFUL_SLIDES_CONTENT_TYPE.
 */
import type { Config } from "@netlify/functions";
import { endpoint } from "../../src/server/http/endpoint.server.ts";
import { errorJson, json, PUBLIC_CACHE, STALE_CACHE } from "../../src/server/http/responses.server.ts";
import { UpstreamUnavailableError, withLastGoodCopy } from "../../src/server/last-good-copy.server.ts";
import { slidesSource } from "../../src/server/slides/slides-source.server.ts";

const SLIDES_CACHE = { ...PUBLIC_CACHE, "Netlify-Cache-Tag": "slides" };

export default endpoint({
  GET: async () => {
    try {
      const { data, stale } = await withLastGoodCopy("slides", () => slidesSource().all(), {
        accept: (slides) => slides.length > 0,
      });
      return json(data, 200, stale ? STALE_CACHE : SLIDES_CACHE);
    } catch (error) {
      if (error instanceof UpstreamUnavailableError) {
        return errorJson(503, "Slides are unavailable right now. Please try again shortly.", {
          "Retry-After": "60",
        });
      }
      throw error;
    }
  },
});

export const config: Config = { path: "/api/slides" };
