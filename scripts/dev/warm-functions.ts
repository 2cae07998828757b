/**
 * Warm function instances for the served build (serve.ts, through as-deployed.ts), as Netlify
 * keeps them: a function's bundle is loaded once in a worker thread, which then answers call after
 * call, one at a time; a call that finds every instance of its function busy starts another.
 *
 * The emulator starts a new worker thread for every call and loads the function's bundle into it
 * again: about 450 ms of CPU for an `/api/session` that a warm instance answers in milliseconds,
 * and nearly every hydrated page asks for one. The browser tests spent a third of their CPU
 * there. A warm instance keeps its module state between calls, as on Netlify, so what the site
 * caches in memory behaves here as it does in production.
 *
 * The call is made as the emulator makes it (its Lambda event, lambda-local in the worker, the
 * answer as a Response); only functions of the current API (v2) are kept warm, any other is left
 * to the emulator.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/** What the emulator's runtime is given for one call (the fields read here). */
export type RuntimeCall = {
  context: unknown;
  environment: Record<string, string>;
  func: {
    mainFile: string;
    getBuildData(): Promise<{ buildPath?: string; runtimeAPIVersion?: number } | undefined>;
  };
  request: Request;
  route?: unknown;
  timeout: number;
};
export type Runtime = { invokeFunction(call: RuntimeCall): Promise<Response> };

/** A function's answer as lambda-local gives it, its streamed body gathered into bytes. */
type Answer = {
  statusCode: number;
  headers?: Record<string, string | number | boolean | undefined>;
  multiValueHeaders?: Record<string, (string | number | boolean)[]>;
  body?: string | Uint8Array<ArrayBuffer> | null;
};
type Reply = { answer?: Answer; error?: { name: string; message: string; stack?: string } };

// The emulator's own helpers, from its own dependencies, so the event is the one it would send.
const fromEmulator = createRequire(import.meta.resolve("@netlify/functions-dev"));
const { shouldBase64Encode } = fromEmulator("@netlify/dev-utils") as {
  shouldBase64Encode: (contentType: string) => boolean;
};
const LAMBDA_LOCAL = pathToFileURL(fromEmulator.resolve("lambda-local")).href;
const WORKER = new URL("./warm-function-worker.ts", import.meta.url);

/** Statuses whose answer has no body (fetch refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/** Idle instances, by the function bundle they have loaded. */
const idle = new Map<string, Worker[]>();
const all = new Set<Worker>();

/** The runtime, with every call of a v2 function answered by a warm instance. */
export function warmRuntime(runtime: Runtime): Runtime {
  return {
    ...runtime,
    async invokeFunction(call) {
      const build = await call.func.getBuildData();
      if (build?.runtimeAPIVersion !== 2) return runtime.invokeFunction(call);
      const entry = pathToFileURL(build.buildPath ?? call.func.mainFile).href;
      const answer = await run(entry, {
        clientContext: JSON.stringify(call.context),
        environment: call.environment,
        event: await lambdaEvent(call.request, call.route),
        timeoutMs: call.timeout * 1000,
      });
      return responseOf(answer);
    },
  };
}

/** Ends every instance (the server is stopping). */
export async function stopWarmFunctions(): Promise<void> {
  const workers = [...all];
  all.clear();
  idle.clear();
  await Promise.all(workers.map((worker) => worker.terminate()));
}

async function run(entry: string, message: Record<string, unknown>): Promise<Answer> {
  const worker = idle.get(entry)?.pop() ?? start(entry);
  const reply = await new Promise<Reply>((resolve, reject) => {
    const settle = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (answer: Reply) => {
      settle();
      resolve(answer);
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    const onExit = (code: number) =>
      onError(new Error(`the function's instance stopped (exit code ${code})`));
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage(message);
  }).catch((error: unknown) => {
    // An instance that crashed is not used again; the call fails as it would on Netlify.
    all.delete(worker);
    void worker.terminate();
    throw error;
  });
  if (all.has(worker)) idle.set(entry, [...(idle.get(entry) ?? []), worker]);
  if (reply.error) throw Object.assign(new Error(reply.error.message), reply.error);
  return reply.answer as Answer;
}

function start(entry: string): Worker {
  const worker = new Worker(WORKER, { workerData: { entry, lambdaLocal: LAMBDA_LOCAL } });
  // An idle instance never keeps the process alive.
  worker.unref();
  all.add(worker);
  return worker;
}

/** The Lambda event the emulator makes of a request (its lambdaEventFromWebRequest). */
async function lambdaEvent(request: Request, route: unknown) {
  const url = new URL(request.url);
  const queryStringParameters: Record<string, string> = {};
  const multiValueQueryStringParameters: Record<string, string[]> = {};
  url.searchParams.forEach((value, key) => {
    queryStringParameters[key] = queryStringParameters[key]
      ? `${queryStringParameters[key]},${value}`
      : value;
    multiValueQueryStringParameters[key] = [...(multiValueQueryStringParameters[key] ?? []), value];
  });
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
    multiValueHeaders[key] = value.split(",").map((part) => part.trim());
  });
  return {
    rawUrl: url.toString(),
    rawQuery: url.search,
    path: url.pathname,
    httpMethod: request.method,
    headers,
    multiValueHeaders,
    queryStringParameters,
    multiValueQueryStringParameters,
    body: (await request.text()) || null,
    isBase64Encoded: shouldBase64Encode(request.headers.get("content-type") ?? ""),
    route,
  };
}

/** The answer as a Response, as the emulator makes it (webResponseFromLambdaResponse). */
function responseOf(answer: Answer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers ?? {}))
    if (value !== undefined) headers.set(name.toLowerCase(), String(value));
  for (const [name, values] of Object.entries(answer.multiValueHeaders ?? {}))
    for (const value of values) headers.append(name.toLowerCase(), String(value));
  const body = NO_BODY.has(answer.statusCode) ? null : (answer.body ?? null);
  return new Response(body, { status: answer.statusCode, headers });
}
