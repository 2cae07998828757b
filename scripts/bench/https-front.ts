/**
 * An HTTPS and HTTP/2 front for the local server, so the Lighthouse benchmark loads pages over the
 * protocol Netlify's CDN speaks. Lighthouse's simulated throttling models the connection the page
 * was really loaded over: over HTTP/1.1 every extra request of the first paint may need a
 * connection of its own, with its handshake charged at 150 ms RTT; over HTTP/2 the requests share
 * the document's connection, as they do on the deployed site.
 *
 * The certificate is made for the run by the system's openssl and trusted by Chromium through
 * --ignore-certificate-errors-spki-list (its public key's hash), so pages are a secure origin.
 */
import { execFileSync } from "node:child_process";
import { createHash, X509Certificate } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { type OutgoingHttpHeaders, request } from "node:http";
import { constants, createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";

/** Hop-by-hop headers HTTP/2 forbids in a response. */
const CONNECTION_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "upgrade",
  "proxy-connection",
]);

/**
 * A path no page has, which the front answers 200 where the site answers 404: Lighthouse refuses
 * a document answered 404, so the bench measures the not-found page here, the same HTML and
 * scripts a visitor to any unknown path gets, with only the status changed.
 */
export const NOT_FOUND_PAGE = "/no-such-page";

export type HttpsFront = {
  url: string;
  /** Chromium flag that makes it trust this run's certificate. */
  chromiumFlag: string;
  close: () => Promise<void>;
};

/** Serves https://127.0.0.1:<port>/… by passing each request on to `origin` (an http:// URL). */
export async function startHttpsFront(origin: string): Promise<HttpsFront> {
  const dir = await mkdtemp(path.join(tmpdir(), "bench-cert-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1"],
      ...["-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  const [key, cert] = await Promise.all([readFile(keyFile), readFile(certFile)]);
  await rm(dir, { recursive: true, force: true });
  const spki = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" });
  const spkiHash = createHash("sha256").update(spki).digest("base64");

  const target = new URL(origin);
  const server = createSecureServer({ key, cert, allowHTTP1: false });
  server.on("stream", (stream, headers) => {
    const forwarded: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(headers)) if (!name.startsWith(":")) forwarded[name] = value;
    forwarded.host = target.host;
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: String(headers[constants.HTTP2_HEADER_METHOD]),
        path: String(headers[constants.HTTP2_HEADER_PATH]),
        headers: forwarded,
      },
      (response) => {
        const status = response.statusCode ?? 502;
        const notFoundPage = status === 404 && headers[constants.HTTP2_HEADER_PATH] === NOT_FOUND_PAGE;
        const answer: Record<string, string | string[] | number> = { ":status": notFoundPage ? 200 : status };
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name)) answer[name] = value;
        }
        if (stream.destroyed) return void response.resume();
        stream.respond(answer);
        response.pipe(stream);
      },
    );
    upstream.on("error", () => {
      if (!stream.headersSent && !stream.destroyed) stream.respond({ ":status": 502 });
      stream.end();
    });
    stream.on("error", () => upstream.destroy());
    stream.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    chromiumFlag: `--ignore-certificate-errors-spki-list=${spkiHash}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
