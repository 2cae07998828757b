/**
 * The local news source's images and attachments live in content/news/media/ and are served
 * at /news-media/: by the dev server directly, and copied into the client build's output.
 */
import { createReadStream } from "node:fs";
import { cp, stat } from "node:fs/promises";
import path from "node:path";
import type { Plugin } from "vite";

const URL_PREFIX = "/news-media/";
const TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".png": "image/png",
};

export function newsMediaPlugin(mediaDir = path.resolve("content/news/media")): Plugin {
  return {
    name: "isgpb-news-media",
    configureServer(server) {
      server.middlewares.use(URL_PREFIX, async (req, res, next) => {
        const name = path.basename(decodeURIComponent((req.url ?? "").split("?")[0] ?? ""));
        const file = path.join(mediaDir, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) return next();
        res.setHeader("Content-Type", TYPES[path.extname(name)] ?? "application/octet-stream");
        createReadStream(file).pipe(res);
      });
    },
    // Only the browser's build is served as static files.
    async writeBundle() {
      if (this.environment.name !== "client") return;
      const { root, build } = this.environment.config;
      await cp(mediaDir, path.join(path.resolve(root, build.outDir), URL_PREFIX), { recursive: true });
    },
  };
}
