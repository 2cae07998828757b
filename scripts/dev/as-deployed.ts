/**
 * Makes @netlify/dev's emulator serve a finished build the way a deploy does, for the preview and
 * the browser tests (scripts/dev/serve.ts). Out of the box, the emulator is made for editing:
 * it builds every function (zip-it-and-ship-it and esbuild) when it starts, about 110 s of both
 * cores for our 43, then again on every call, 2 to 4 s, into a folder it removes when that call
 * ends; concurrent calls could load a build from another call's removed folder ("Cannot find
 * module", a 500 under load). Here a function is built once, on its first call, into a folder
 * that lasts (serve.ts's `functionsDirectory`: each browser-test worker has its own, so two
 * servers never write one build at once). Edits to netlify/ therefore need a restart of the
 * preview; `npm start` (the Vite plugin) keeps the emulator's rebuilding.
 *
 * What is patched is private in the packages' types and plain at run time. @netlify/dev is pinned
 * to the version this was checked against (package.json), and anything missing stops the server
 * rather than let it misbehave.
 */
import { FunctionsHandler } from "@netlify/functions-dev";

type LocalFunction = { build(args: { buildDirectory: string; cache: unknown }): Promise<unknown> };
type Invoke = (request: Request, route: unknown, func: LocalFunction, folder?: string) => Promise<Response>;
type Functions = { invoke?: Invoke; registry?: object };

let patched = false;
/** Where functions are built: one folder per process, as there is one server per process. */
let buildDirectory = "";

export function serveAsDeployed(projectRoot: string, functionsDirectory: string): void {
  buildDirectory = functionsDirectory;
  if (patched) return;
  patched = true;
  buildEachFunctionOnce(projectRoot);
}

const builtOnce = new WeakSet<LocalFunction>();

function buildEachFunctionOnce(projectRoot: string): void {
  const handler = FunctionsHandler.prototype as unknown as Functions;
  const invoke = required(handler.invoke, "FunctionsHandler.invoke");

  // Nothing is built at start-up. The registry's class is not exported: a handler with no
  // functions folder hands us its prototype.
  const probe = new FunctionsHandler({
    config: { get: () => ({}) },
    destPath: buildDirectory,
    geolocation: {},
    projectRoot,
    settings: {},
  } as unknown as ConstructorParameters<typeof FunctionsHandler>[0]) as unknown as Functions;
  const registry = Object.getPrototypeOf(probe.registry) as { buildFunctionAndWatchFiles?: unknown };
  required(registry.buildFunctionAndWatchFiles, "FunctionsRegistry.buildFunctionAndWatchFiles");
  registry.buildFunctionAndWatchFiles = async () => undefined;

  // Each call asks its function to build; the first answer is kept and given to every later call.
  handler.invoke = function (this: Functions, request, route, func, folder) {
    if (!builtOnce.has(func)) {
      builtOnce.add(func);
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

function required<T>(value: T | undefined, name: string): T {
  if (typeof value !== "function") throw new Error(`@netlify/dev changed: ${name} is gone`);
  return value;
}
