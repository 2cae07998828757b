/**
 * The framework's own request handler over the real route modules, for server tests of pages
 * rendered per request: a Request in, the Response the site would answer out (middleware, loaders,
 * actions, error boundaries, the HTML that entry.server.tsx renders). It is built here from
 * src/app/routes.ts without a Vite build, as the framework's build would make it, with only the
 * routes a test file asks for (others may not import under test). The browser's assets are
 * stand-ins: nothing here runs in a browser.
 */
import path from "node:path";
import { netlifyRouterContext } from "@netlify/vite-plugin-react-router/serverless";
import { JSDOM } from "jsdom";
import {
  createRequestHandler,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  RouterContextProvider,
  type ServerBuild,
  UNSAFE_SingleFetchRedirectSymbol as SingleFetchRedirectSymbol,
  type UNSAFE_AssetsManifest,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import reactRouterConfig from "../../react-router.config.ts";
import routeConfig from "../../src/app/routes.ts";

const APP = path.resolve(import.meta.dirname, "../../src/app");

type ConfigEntry = {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: ConfigEntry[];
};

type EntryRoute = NonNullable<UNSAFE_AssetsManifest["routes"][string]>;
type ServerRouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

type Flat = { id: string; parentId: string; entry: ConfigEntry };

/** The routes' ids as the framework gives them: the file's path in the app folder, without extension. */
const idOf = (entry: ConfigEntry) => entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");

function flatten(entries: readonly ConfigEntry[], parentId: string, keep: (path: string) => boolean): Flat[] {
  return entries.flatMap((entry) => {
    const own = entry.path ?? "";
    const fullPath = parentId === "root" ? own : `${parentId}/${own}`;
    if (!keep(fullPath)) return [];
    const id = idOf(entry);
    return [{ id, parentId, entry }, ...flatten(entry.children ?? [], id, () => true)];
  });
}

/**
 * A handler for the routes whose path `keep` accepts (a layout's children come with it), under
 * the real root route.
 */
export async function pageServer(keep: (path: string) => boolean) {
  const flat = flatten(routeConfig as ConfigEntry[], "root", keep);
  const routes: ServerBuild["routes"] = {};
  const manifest: Record<string, EntryRoute> = {};
  const add = (id: string, parentId: string | undefined, entry: ConfigEntry, source: ServerRouteModule) => {
    // The framework's build hands a route's component its loader data and params as props.
    const module = {
      ...source,
      ...(source.default && { default: withComponentProps(source.default as never) }),
      ...(source.ErrorBoundary && { ErrorBoundary: withErrorBoundaryProps(source.ErrorBoundary as never) }),
    } as ServerRouteModule;
    const shape = {
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
    };
    routes[id] = { ...shape, module };
    manifest[id] = {
      ...shape,
      hasAction: Boolean(module.action),
      hasLoader: Boolean(module.loader),
      hasClientAction: "clientAction" in module,
      hasClientLoader: "clientLoader" in module,
      hasClientMiddleware: "clientMiddleware" in module,
      hasErrorBoundary: Boolean(module.ErrorBoundary),
      module: `/test-assets/${id}.js`,
      imports: [],
      css: [],
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
  };
  add("root", undefined, { path: "", file: "root.tsx" }, await import(path.join(APP, "root.tsx")));
  for (const { id, parentId, entry } of flat)
    add(id, parentId, entry, await import(path.join(APP, entry.file)));

  const build: ServerBuild = {
    entry: { module: await import(path.join(APP, "entry.server.tsx")) },
    routes,
    assets: {
      entry: { module: "/test-assets/entry.client.js", imports: [] },
      routes: manifest,
      url: "/test-assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
    // The framework's build carries it from the config (its check of an action's Origin).
    allowedActionOrigins: reactRouterConfig.allowedActionOrigins,
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  /** `ip`: the visitor's network address as Netlify gives it (the throttles count by it). */
  return (request: Request, { ip }: { ip?: string } = {}) => {
    const context = new RouterContextProvider();
    if (ip) context.set(netlifyRouterContext, { ip } as never);
    return handler(request, context);
  };
}

/**
 * A page's answer as a document to query, as a browser without JavaScript would show it: tests ask
 * for elements and their text, not for the HTML's exact spelling.
 */
export async function readPage(response: Response) {
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  /** The text of the page's main content, its whitespace folded. */
  const text = (document.querySelector("main")?.textContent ?? "").replace(/\s+/g, " ");
  return { html, document, text };
}

/** What a route's data address answered a script: the action's data, or where it sends the page. */
export type DataAnswer = {
  status: number;
  headers: Headers;
  /** The action's data (a form's result), when it did not redirect. */
  data?: unknown;
  /** Where the page goes next, when the action redirected (the script follows it). */
  redirect?: string;
};

/**
 * Reads the answer to a script's post (scriptPostRequest in requests.ts) as the page's script
 * does: the framework's stream, decoded, into the action's data or its redirect.
 */
export async function readData(response: Response): Promise<DataAnswer> {
  const { status, headers } = response;
  if (!response.body) return { status, headers };
  const decoded = await decodeViaTurboStream(response.body, globalThis as never);
  await decoded.done;
  const value = decoded.value as Record<string | symbol, unknown>;
  // An action's redirect is the stream's whole value (202); a loader's is under the symbol.
  const redirect = (value[SingleFetchRedirectSymbol] ?? (status === 202 ? value : undefined)) as
    | { redirect?: string }
    | undefined;
  if (typeof redirect?.redirect === "string") return { status, headers, redirect: redirect.redirect };
  return { status, headers, data: "data" in value ? value.data : value };
}
