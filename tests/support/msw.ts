import type { RequestHandler } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

const isLocal = (url: string) => ["127.0.0.1", "localhost"].includes(new URL(url).hostname);

/**
 * One msw server per test file. Outside requests with no handler fail the test; requests to this
 * machine (the local Blobs server) pass through.
 */
export function setupMsw(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() =>
    server.listen({
      onUnhandledFrame({ frame, defaults }) {
        const request = (frame.data as { request?: Request }).request;
        if (request && isLocal(request.url)) return;
        defaults.error();
      },
    }),
  );
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
