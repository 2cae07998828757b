import type { Config } from "@react-router/dev/config";

/**
 * React Router's framework mode (docs/decisions/0027). Every page that is the same for every
 * visitor is prerendered into build/client as a static file for the CDN; everything else (a
 * form's page, a signed-in page, a search, the secretariat's workspace) is rendered per request
 * by the framework's server handler, which @netlify/vite-plugin-react-router deploys as a
 * Netlify Function.
 */
export default {
  appDirectory: "src/app",
  ssr: true,
  // The whole route manifest comes with the page: a static page never asks a function which
  // routes exist (lazy discovery would call /__manifest on the server handler as links appear).
  routeDiscovery: { mode: "initial" },
  // Every origin passes the framework's own check of an action's Origin, which refuses with a
  // plain-text 400 before any middleware runs: the root's middleware refuses a post from another
  // site instead, before any action, with the site's page and headers (sameOriginActions in
  // src/server/http/same-origin-actions.server.ts).
  allowedActionOrigins: ["**"],
  async prerender() {
    // Imported here, not at the top: the config is also read where no content is needed.
    const { prerenderPaths } = await import("./src/server/prerender-paths.server.ts");
    const paths = await prerenderPaths();
    // The build's log says where the pages' content came from (Contentful's space, or the YAML).
    const { contentSourceName } = await import("./src/server/content/page-content.server.ts");
    console.info(`Content: ${contentSourceName()}`);
    return paths;
  },
} satisfies Config;
