/**
 * The one change made to Netlify's emulator, for the served build (serve.ts): each function is
 * built once per process, on its first call, and every later call runs that build.
 *
 * @netlify/dev is made for editing functions. As it starts, it builds every function (all of
 * them at once, both cores busy: the first call waited 22 to 28 s behind the builds of 12
 * functions); then it builds a function again for every call, into a folder of the call's own:
 * 2.3 to 2.8 s a call for `/api/session`, which nearly every page with JavaScript asks for,
 * against about 0.27 s for the same call on one build (the emulator still starts a fresh worker
 * and loads the function for every call, as it should). A finished build never changes: the
 * preview and the browser tests need one build per function.
 *
 * Two methods of @netlify/functions-dev's function handling are replaced, private in its types
 * and plain at run time: the registry's build at start-up (skipped) and the handler's `invoke`
 * (builds once). `checked` stops the server if either is missing or takes other arguments than
 * in the version this was written against (2.0.8), and the browser tests fail at once if the
 * patch stops working (every page asks for /api/session).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FunctionsHandler } from "@netlify/functions-dev";

type Build = (args: { buildDirectory: string; cache: unknown }) => Promise<{ error?: unknown }>;
type LocalFunction = { build: Build };
type Invoke = (request: Request, route: unknown, func: LocalFunction, folder?: string) => Promise<Response>;
type BuildAndWatch = (func: LocalFunction, firstLoad?: boolean) => Promise<void>;

let patched = false;

/** Builds each function once, into `buildDirectory` (one per process: builds are not shared). */
export function buildFunctionsOnce(projectRoot: string, buildDirectory: string): void {
  if (patched) return;
  patched = true;
  checkSameCopy();
  const handler = FunctionsHandler.prototype as unknown as { invoke?: Invoke };
  const registry = registryPrototype(projectRoot);
  checked(handler.invoke, "FunctionsHandler", "invoke(request, route, func, buildDirectory)");
  checked(
    registry.buildFunctionAndWatchFiles,
    "FunctionsRegistry",
    "buildFunctionAndWatchFiles(func, firstLoad = false)",
  );
  const invoke = handler.invoke as Invoke;

  // Nothing is built at start-up, and so no file is watched.
  registry.buildFunctionAndWatchFiles = async () => undefined;

  const built = new WeakSet<LocalFunction>();
  handler.invoke = function (this: unknown, request, route, func, _folder) {
    if (!built.has(func)) {
      built.add(func);
      const build = func.build.bind(func);
      let first: ReturnType<Build> | undefined;
      func.build = (args) => {
        first ??= build({ ...args, buildDirectory }).then((result) => {
          // A failed build is tried again on the next call.
          if (result.error) first = undefined;
          return result;
        });
        return first;
      };
    }
    return invoke.call(this, request, route, func, buildDirectory);
  };
}

/** The registry's class is not exported: a handler with no functions folder hands over its prototype. */
function registryPrototype(projectRoot: string): { buildFunctionAndWatchFiles?: BuildAndWatch } {
  const probe = new FunctionsHandler({
    config: { get: () => ({}) },
    destPath: path.join(projectRoot, ".netlify", "functions-serve"),
    geolocation: {},
    projectRoot,
    settings: {},
  } as unknown as ConstructorParameters<typeof FunctionsHandler>[0]) as unknown as { registry: object };
  return Object.getPrototypeOf(probe.registry);
}

/**
 * Stops the server unless `method` is `async <signature>` as written against. Its source, not
 * only its presence: a method that takes its arguments otherwise would be called wrongly here.
 */
export function checked(method: unknown, owner: string, signature: string): void {
  const source = typeof method === "function" ? method.toString() : "";
  if (!source.startsWith(`async ${signature}`))
    throw new Error(
      `@netlify/functions-dev changed: ${owner}.prototype.${signature.split("(")[0]} is not ` +
        `\`async ${signature}\`; check scripts/dev/build-functions-once.ts against it`,
    );
}

/** Stops the server if @netlify/dev loads another copy of @netlify/functions-dev than the one patched here. */
function checkSameCopy(): void {
  const package_ = (from: string) =>
    (createRequire(from).resolve.paths("@netlify/functions-dev") ?? [])
      .map((folder) => path.join(folder, "@netlify", "functions-dev"))
      .find((folder) => existsSync(folder));
  const emulators = package_(fileURLToPath(import.meta.resolve("@netlify/dev")));
  const ours = package_(fileURLToPath(import.meta.url));
  if (!emulators || emulators !== ours)
    throw new Error(
      `@netlify/dev loads @netlify/functions-dev from ${emulators}, not ${ours}, which ` +
        "scripts/dev/build-functions-once.ts patches: make them one copy (npm dedupe) or patch that one",
    );
}
