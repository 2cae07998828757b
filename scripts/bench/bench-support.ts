/**
 * What the record benchmarks share: a latency proxy in front of the local database (every round
 * trip to it made `delayMs` slower, as a network to a managed database is), a local stand-in for
 * Resend's API that answers after a delay, and percentiles.
 */
import { createServer as createHttpServer } from "node:http";
import { connect, createServer, type Socket } from "node:net";

export type Stoppable = { stop: () => Promise<void> };

/**
 * A TCP proxy to `port` that holds every chunk the client sends for `delayMs` before passing it
 * on: each round trip to the database takes `delayMs` longer. Answers its own port.
 */
export async function startLatencyProxy(
  port: number,
  delayMs: number,
): Promise<Stoppable & { port: number }> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    client.setNoDelay(true);
    const upstream = connect(port, "127.0.0.1");
    upstream.setNoDelay(true);
    sockets.add(client).add(upstream);
    // Each chunk goes on `delayMs` after it came, as over a longer wire: the delay is per round
    // trip, not added up over the several chunks one query may be sent in. Timers of one delay
    // fire in the order they were set, so the chunks keep their order.
    client.on("data", (chunk) => {
      setTimeout(() => upstream.write(chunk), delayMs);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type ResendStandIn = Stoppable & {
  url: string;
  calls: { batch: number; single: number; mails: number };
};

/**
 * Resend's two sending endpoints, answering after `delayMs` as the real API takes a moment; counts
 * calls and mails. A repeated idempotency key sends nothing again, as Resend's does.
 */
export async function startResendStandIn(delayMs: number): Promise<ResendStandIn> {
  const calls = { batch: 0, single: 0, mails: 0 };
  const seen = new Map<string, string>();
  const server = createHttpServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const key = String(request.headers["idempotency-key"] ?? "");
    const known = key ? seen.get(key) : undefined;
    response.setHeader("content-type", "application/json");
    if (known) return void response.end(known);
    let answer: string;
    if (request.url?.endsWith("/emails/batch")) {
      const mails = JSON.parse(body) as unknown[];
      calls.batch += 1;
      answer = JSON.stringify({ data: mails.map(() => ({ id: `mail-${++calls.mails}` })) });
    } else {
      calls.single += 1;
      answer = JSON.stringify({ id: `mail-${++calls.mails}` });
    }
    if (key) seen.set(key, answer);
    response.end(answer);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return (sorted[low] as number) + ((sorted[high] as number) - (sorted[low] as number)) * (rank - low);
}
