/**
 * One warm instance of a function (scripts/dev/warm-functions.ts): loads the function's bundle
 * once, then answers each call it is sent with lambda-local, as the emulator's own worker does
 * for a single call, and sends the answer back with a streamed body gathered into bytes.
 */
import { parentPort, workerData } from "node:worker_threads";

const { entry, lambdaLocal: lambdaLocalUrl } = workerData as { entry: string; lambdaLocal: string };
const { default: lambdaLocal } = (await import(lambdaLocalUrl)) as {
  default: {
    getLogger(): { level: string };
    execute(options: Record<string, unknown>): Promise<Record<string, unknown>>;
  };
};
lambdaLocal.getLogger().level = "alert";
const lambdaFunc = await import(entry);

type Call = {
  clientContext: string;
  environment: Record<string, string>;
  event: unknown;
  timeoutMs: number;
};

parentPort?.on("message", async ({ clientContext, environment, event, timeoutMs }: Call) => {
  try {
    for (const [key, value] of Object.entries(environment)) process.env[key] = value;
    const answer = await lambdaLocal.execute({
      clientContext,
      event,
      lambdaFunc,
      region: "dev",
      timeoutMs,
      verboseLevel: 3,
    });
    const body = answer.body;
    if (body && typeof body === "object" && Symbol.asyncIterator in body) {
      const chunks: Buffer[] = [];
      for await (const chunk of body as AsyncIterable<Buffer | string>)
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      answer.body = new Uint8Array(Buffer.concat(chunks));
    }
    parentPort?.postMessage({ answer });
  } catch (error) {
    const { name = "Error", message = String(error), stack } = error as Partial<Error>;
    parentPort?.postMessage({ error: { name, message, stack } });
  }
});
