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
import { createSecureServer, constants as http2 } from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { constants, createBrotliCompress } from "node:zlib";

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

export type FrontOptions = {
  /** Changes the text of every HTML answer (the Lighthouse bench's copy without scripts). */
  rewriteHtml?: (html: string) => string;
};

/**
 * Brotli at the setting a CDN compresses with as it goes: the local server sends text as it is,
 * and Netlify's CDN compresses it, so the bytes Lighthouse counts are the ones a visitor gets.
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const COMPRESSIBLE = /text|javascript|json|xml|svg/;

/** Serves https://127.0.0.1:<port>/… by passing each request on to `origin` (an http:// URL). */
export async function startHttpsFront(
  origin: string,
  { rewriteHtml }: FrontOptions = {},
): Promise<HttpsFront> {
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
        method: String(headers[http2.HTTP2_HEADER_METHOD]),
        path: String(headers[http2.HTTP2_HEADER_PATH]),
        headers: forwarded,
      },
      (response) => {
        const status = response.statusCode ?? 502;
        const notFoundPage = status === 404 && headers[http2.HTTP2_HEADER_PATH] === NOT_FOUND_PAGE;
        const answer: Record<string, string | string[] | number> = { ":status": notFoundPage ? 200 : status };
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name)) answer[name] = value;
        }
        if (stream.destroyed) return void response.resume();
        const type = String(response.headers["content-type"] ?? "");
        const accepts = String(headers["accept-encoding"] ?? "");
        const compress =
          COMPRESSIBLE.test(type) && !response.headers["content-encoding"] && accepts.includes("br");
        if (compress) {
          delete answer["content-length"];
          answer["content-encoding"] = "br";
        }
        const body: Readable =
          rewriteHtml && type.startsWith("text/html") ? rewritten(response, rewriteHtml) : response;
        if (rewriteHtml) delete answer["content-length"];
        stream.respond(answer);
        (compress ? body.pipe(createBrotliCompress(BROTLI)) : body).pipe(stream);
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

function rewritten(html: Readable, rewrite: (html: string) => string): Readable {
  return Readable.from(
    (async function* () {
      yield rewrite(await text(html));
    })(),
  );
}
