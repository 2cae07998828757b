/**
 * `npm start`'s functions: Netlify's emulator (`NetlifyDev` from @netlify/dev, its public API),
 * started when the first request for a function arrives, not with the dev server.
 *
 * As it starts, the emulator builds every function at once in the background. On a 2-core machine
 * that held Vite's first page and the first form post (POST /contact-us) back to 30 s with the 12
 * functions the site has (158 s with 39), where they answer in about 6 s with no functions to
 * build. Pages and forms are the framework's and never need a function; only the JSON doors
 * (`/api/*`) and the calendar files do, so those paths wait for the emulator, which then builds
 * and rebuilds each function as it is made to (on every call, so an edited function answers with
 * the edit). @netlify/vite-plugin serves the rest (Blobs, redirects, environment) with its own
 * functions turned off (vite.config.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { NetlifyDev } from "@netlify/dev";
import type { Plugin } from "vite";

export function functionsOnFirstCall(paths: readonly string[]): Plugin {
  const patterns = ["/api/*", "/.netlify/functions/*", ...paths].map(
    (pathname) => new URLPattern({ pathname }),
  );
  let emulator: Promise<NetlifyDev> | undefined;
  return {
    name: "isgpb:functions-on-first-call",
    apply: "serve",
    configureServer(server) {
      const start = async () => {
        const netlify = new NetlifyDev({
          projectRoot: server.config.root,
          // The Vite plugin's emulator serves Blobs (this process's environment points every
          // function at them), static files, redirects and headers.
          blobs: { enabled: false },
          staticFiles: { enabled: false },
          redirects: { enabled: false },
          headers: { enabled: false },
          edgeFunctions: { enabled: false },
          images: { enabled: false },
          aiGateway: { enabled: false },
          database: { enabled: false },
          serverAddress: null,
        });
        await netlify.start();
        server.httpServer?.once("close", () => void netlify.stop());
        return netlify;
      };
      server.middlewares.use(async (req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = new URL(req.url ?? "/", "http://localhost");
        if (!patterns.some((pattern) => pattern.test(url))) return next();
        try {
          emulator ??= start();
          const result = await (await emulator).handleAndIntrospectNodeRequest(req, {
            serverAddress: `http://localhost:${req.socket.localPort}`,
          });
          if (!result) return next();
          const { response } = result;
          res.statusCode = response.status;
          for (const [key, value] of response.headers) res.appendHeader(key, value);
          if (!response.body) return void res.end();
          Readable.fromWeb(response.body as import("node:stream/web").ReadableStream).pipe(res);
        } catch (error) {
          server.config.logger.error(`functions: ${String(error)}`);
          res.statusCode = 500;
          res.end("Internal error");
        }
      });
    },
  };
}
