/**
 * Makes @netlify/dev's emulator serve a finished build the way a deploy does, for the preview and
 * the browser tests (scripts/dev/serve.ts). Out of the box, the emulator is made for editing:
 * - it builds every function (zip-it-and-ship-it and esbuild) when it starts, about 110 s of both
 *   cores for our 43, then again on every call, 2 to 4 s, into a folder it removes when that call
 *   ends; concurrent calls could load a build from another call's removed folder ("Cannot find
 *   module", a 500 under load);
 * - on every request, a picture or a stylesheet too, it asks the edge runtime for the edge
 *   functions' configs, and the runtime starts a Deno worker that imports all of them to answer:
 *   tens of milliseconds a request, and the runtime grew by about 25 MB a second until it died;
 * - on every request, a script's too, it reads and parses _headers (the prerendered pages' rules)
 *   and netlify.toml again to find the answer's headers;
 * - it follows a redirect an edge function answers with, back into the edge runtime with the same
 *   function list, until fetch gives up ("redirect count exceeded", a 500).
 * - two emulators started at once (a browser-test worker each) could pick the same free port for
 *   their edge runtimes, and the second runtime failed (AddrInUse).
 * Here a function is built once, on its first call, into a folder that lasts (serve.ts's
 * `functionsDirectory`) and answered by warm instances (warm-functions.ts). Servers that share
 * that folder (the browser tests' workers, `sharedFunctions`) build each function once among
 * them: the first to call it builds it under a lock and records the build, the others wait for
 * the lock and use the record (a build is 1 to 3 s of CPU, and each worker once built all of
 * them for itself); the builds of one process share the sources they have read and parsed. The
 * edge functions' configs and each path's headers are read once, an edge function's redirect
 * reaches the browser, and one process at a time picks a port and starts its edge runtime on it.
 * Edits to netlify/ therefore need a restart of the preview. `npm start` (the Vite plugin) keeps
 * the emulator's rebuilding, with only the first build of each function put off to its first call
 * (buildFunctionsOnFirstCall).
 *
 * What is patched is private in the packages' types and plain at run time. @netlify/dev and the
 * packages patched here are pinned to the versions this was checked against (package.json), and
 * anything missing stops the server rather than let it misbehave.
 */
import { mkdir, readFile, rmdir, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { EdgeFunctionsHandler } from "@netlify/edge-functions-dev";
import { FunctionsHandler } from "@netlify/functions-dev";
import { HeadersHandler } from "@netlify/headers";
import nodeRuntime from "@netlify/zip-it-and-ship-it/dist/runtimes/node/index.js";
import { RuntimeCache } from "@netlify/zip-it-and-ship-it/dist/utils/cache.js";
import { type Runtime, warmRuntime } from "./warm-functions.ts";

type LocalFunction = {
  name: string;
  build(args: { buildDirectory: string; cache: unknown }): Promise<unknown>;
  runtime: Runtime & { getBuildFunction?: GetBuildFunction };
};
/** The emulator's runtime's builder: what it returns (the build's data) is plain JSON. */
type GetBuildFunction = (args: {
  targetDirectory: string;
}) => Promise<(options: { cache: unknown }) => Promise<unknown>>;
type Invoke = (request: Request, route: unknown, func: LocalFunction, folder?: string) => Promise<Response>;
type Functions = { invoke?: Invoke; registry?: object };
type ReadConfigs = (port: number, functions: Record<string, string>) => Promise<{ error?: unknown }>;
type EdgeHandle = (request: Request, originServerAddress: string) => Promise<Response>;
type EdgeMatch = (request: Request) => Promise<{ handle: EdgeHandle } | undefined>;
type StartRuntime = (env: Record<string, string>) => Promise<unknown>;
type EdgeFunctions = { getFunctionConfigs?: ReadConfigs; match?: EdgeMatch; initialize?: StartRuntime };

let patched = false;
/** Where functions are built: one folder per process, as there is one server per process. */
let buildDirectory = "";
/** Whether other processes' servers build into that folder too (see buildOnceAmongServers). */
let shared = false;

export function serveAsDeployed(
  projectRoot: string,
  functionsDirectory: string,
  sharedFunctions = false,
): void {
  buildDirectory = functionsDirectory;
  shared = sharedFunctions;
  if (patched) return;
  patched = true;
  buildEachFunctionOnce(projectRoot);
  shareOneSourceCache();
  readEdgeConfigsOnce();
  readHeadersOnce();
  passEdgeRedirectsOn();
  startEdgeRuntimesOneAtATime();
}

const builtOnce = new WeakSet<LocalFunction>();

type Registry = {
  buildFunctionAndWatchFiles?: (func: LocalFunction, firstLoad?: boolean) => Promise<unknown>;
};

/** The emulator's private classes, as their prototypes: the handler's, and its registry's. */
function emulatorPrototypes(projectRoot: string) {
  const handler = FunctionsHandler.prototype as unknown as Functions;
  // The registry's class is not exported: a handler with no functions folder hands us its prototype.
  const probe = new FunctionsHandler({
    config: { get: () => ({}) },
    destPath: path.join(projectRoot, ".netlify", "functions-serve"),
    geolocation: {},
    projectRoot,
    settings: {},
  } as unknown as ConstructorParameters<typeof FunctionsHandler>[0]) as unknown as Functions;
  const registry = Object.getPrototypeOf(probe.registry) as Registry;
  const buildAndWatch = required(
    registry.buildFunctionAndWatchFiles,
    "FunctionsRegistry.buildFunctionAndWatchFiles",
  );
  const invoke = required(handler.invoke, "FunctionsHandler.invoke");
  return { handler, registry, buildAndWatch, invoke };
}

function buildEachFunctionOnce(projectRoot: string): void {
  const { handler, registry, invoke } = emulatorPrototypes(projectRoot);
  // Nothing is built at start-up.
  registry.buildFunctionAndWatchFiles = async () => undefined;

  // Each call asks its function to build; the first answer is kept and given to every later call.
  handler.invoke = function (this: Functions, request, route, func, folder) {
    if (!builtOnce.has(func)) {
      builtOnce.add(func);
      func.runtime = warmRuntime(func.runtime);
      if (shared) func.runtime = buildOnceAmongServers(func.runtime, func.name);
      const build = func.build.bind(func);
      let first: Promise<unknown> | undefined;
      func.build = (args) => {
        first ??= build({ ...args, buildDirectory });
        return first;
      };
    }
    return invoke.call(this, request, route, func, folder);
  };
}

/**
 * zip-it-and-ship-it's `zipFunction`, which the emulator calls for each function, gives every call
 * a cache of its own, so each build read and parsed the same sources again (src/server, zod,
 * react-dom/server…): 2 to 3 s of CPU a function. A deploy builds them all with `zipFunctions`,
 * which shares one cache among them; so do the builds here, with the same output. Safe because a
 * function is built once per process and nothing edits the files under a finished build (`npm
 * start`, which rebuilds on edits, keeps a cache per build). Later builds take 0.7 to 1.1 s.
 */
function shareOneSourceCache(): void {
  const zip = required(nodeRuntime.zipFunction, "zip-it-and-ship-it's node runtime's zipFunction");
  const cache = new RuntimeCache();
  nodeRuntime.zipFunction = (args) => zip({ ...args, cache });
}

/**
 * The runtime, with the function built once among all the servers that build into one folder: a
 * lock per function (a directory beside its build), and the build's data recorded in a file there
 * for the servers that come after. The folder must be new to the servers sharing it (the browser
 * tests make one per run): a record is never checked against the function's files.
 */
function buildOnceAmongServers(runtime: LocalFunction["runtime"], name: string): LocalFunction["runtime"] {
  const getBuildFunction = required(runtime.getBuildFunction, "the runtime's getBuildFunction");
  return {
    ...runtime,
    getBuildFunction: async (args) => async (options) => {
      const record = path.join(args.targetDirectory, `${name}.build.json`);
      await mkdir(args.targetDirectory, { recursive: true });
      const release = await lock(`${record}.lock`);
      try {
        const recorded = await readFile(record, "utf8").then(
          (text) => JSON.parse(text) as unknown,
          () => undefined,
        );
        if (recorded) return recorded;
        const build = await getBuildFunction.call(runtime, args);
        const data = await build(options);
        // A failed build is not recorded: the next server tries again.
        if (data) await writeFile(record, JSON.stringify(data));
        return data;
      } finally {
        await release();
      }
    },
  };
}

let deferring = false;

/**
 * For `npm start` (@netlify/vite-plugin's emulator, made for editing): a function is built, and
 * its files watched, when it is first called instead of when the server starts, where all of
 * them together took both cores for about two minutes and held up the first page and the first
 * form; and every call uses that build, which the emulator rebuilds when the function's files
 * change, instead of building the function again for each call (2 to 4 s a call).
 */
export function buildFunctionsOnFirstCall(projectRoot: string): void {
  if (deferring) return;
  deferring = true;
  const { handler, registry, buildAndWatch, invoke } = emulatorPrototypes(projectRoot);
  const waiting = new Map<LocalFunction, Registry>();
  const building = new Map<LocalFunction, Promise<unknown>>();
  registry.buildFunctionAndWatchFiles = function (this: Registry, func, firstLoad) {
    // The first load, at start-up: kept for the first call. A change to its files: built as usual.
    if (firstLoad && !building.has(func)) {
      waiting.set(func, this);
      return Promise.resolve();
    }
    return buildAndWatch.call(this, func, firstLoad);
  };
  handler.invoke = async function (this: Functions, request, route, func, _folder) {
    const owner = waiting.get(func);
    if (owner) {
      waiting.delete(func);
      building.set(func, buildAndWatch.call(owner, func, true));
    }
    await building.get(func);
    // The build the watcher keeps up to date, not a fresh one in a folder of the call's own.
    return invoke.call(this, request, route, func, undefined);
  };
}

function readEdgeConfigsOnce(): void {
  const handler = EdgeFunctionsHandler.prototype as unknown as EdgeFunctions;
  const read = required(handler.getFunctionConfigs, "EdgeFunctionsHandler.getFunctionConfigs");
  const known = new Map<string, ReturnType<ReadConfigs>>();
  handler.getFunctionConfigs = function (this: EdgeFunctions, port, functions) {
    const key = `${port} ${JSON.stringify(functions)}`;
    let configs = known.get(key);
    if (!configs) {
      configs = read.call(this, port, functions);
      known.set(key, configs);
      // A failed read is not kept: the next request asks again.
      void configs.then((answer) => answer.error && known.delete(key)).catch(() => known.delete(key));
    }
    return configs;
  };
}

type ApplyHeaders = (
  request: Request,
  response?: Response,
  collector?: (key: string, value: string) => void,
) => Promise<Record<string, string>>;

/** A path's headers from the build's _headers and netlify.toml, which a finished build never changes. */
function readHeadersOnce(): void {
  const handler = HeadersHandler.prototype as unknown as { apply?: ApplyHeaders };
  const apply = required(handler.apply, "HeadersHandler.apply");
  const knownBy = new WeakMap<object, Map<string, ReturnType<ApplyHeaders>>>();
  handler.apply = async function (this: object, request, response, collector) {
    const known = knownBy.get(this) ?? new Map<string, ReturnType<ApplyHeaders>>();
    knownBy.set(this, known);
    const { pathname } = new URL(request.url);
    let headers = known.get(pathname);
    if (!headers) {
      headers = apply.call(this, request);
      known.set(pathname, headers);
      void headers.catch(() => known.delete(pathname));
    }
    const answer = await headers;
    for (const [key, value] of Object.entries(answer)) {
      response?.headers.set(key, value);
      collector?.(key, value);
    }
    return answer;
  };
}

/**
 * The header that carries the host a visitor asked for through the edge runtime, whose way back
 * to this server (context.next()) says "localhost:<port>" whatever it was; serve.ts puts it back,
 * or a page POST's Origin (the visitor's) would not be the request's, and a browser that sends no
 * Sec-Fetch-Site would be refused as another site (src/server/http/same-origin.server.ts).
 */
export const VISITOR_HOST_HEADER = "x-local-visitor-host";

function passEdgeRedirectsOn(): void {
  const handler = EdgeFunctionsHandler.prototype as unknown as EdgeFunctions;
  const match = required(handler.match, "EdgeFunctionsHandler.match");
  handler.match = async function (this: EdgeFunctions, request) {
    const found = await match.call(this, request);
    if (!found) return found;
    const handle = found.handle;
    return {
      ...found,
      handle: (req, origin) => {
        // The runtime is asked with fetch(url, request): the request's own redirect mode decides.
        const forwarded = new Request(req, { redirect: "manual" });
        forwarded.headers.set(VISITOR_HOST_HEADER, req.headers.get("host") ?? new URL(req.url).host);
        return handle(forwarded, origin);
      },
    };
  };
}

/**
 * The edge runtime asks the system for a free port, then starts Deno, which binds it a second or
 * more later; a second emulator starting in that gap can be handed the same port. A directory in
 * the system's temporary folder is the lock (mkdir is atomic across processes); one left by a
 * process that died is taken over after a minute.
 */
function startEdgeRuntimesOneAtATime(): void {
  const handler = EdgeFunctionsHandler.prototype as unknown as EdgeFunctions;
  const initialize = required(handler.initialize, "EdgeFunctionsHandler.initialize");
  handler.initialize = async function (this: EdgeFunctions, env) {
    const release = await lock(path.join(tmpdir(), "isgpb-edge-runtime-start.lock"));
    try {
      return await initialize.call(this, env);
    } finally {
      await release();
    }
  };
}

const STALE_LOCK_MS = 60_000;

async function lock(directory: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(directory);
      return () => rmdir(directory).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(directory).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_LOCK_MS) await rmdir(directory).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function required<T>(value: T | undefined, name: string): T {
  if (typeof value !== "function") throw new Error(`@netlify/dev changed: ${name} is gone`);
  return value;
}
