import netlify from "@netlify/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { chunkModulesPlugin } from "./scripts/build/chunk-modules.ts";
import { contentPlugin } from "./scripts/build/content.ts";
import { newsMediaPlugin } from "./scripts/build/news-media.ts";
import { serverCodeGuard } from "./scripts/build/server-code-guard.ts";

const PREACT_FOR_REACT = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/server$/, replacement: "preact/compat/server" },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    serverCodeGuard(),
    contentPlugin(),
    newsMediaPlugin(),
    chunkModulesPlugin(),
    // Emulates Functions, Edge Functions (with the deno binary from npm, offline), Blobs and
    // redirects in `vite` dev; the build needs none of it. The static-file headers stay off here:
    // their CSP would block Vite's inline HMR preamble and injected styles (the browser tests
    // check them on the production build). Static files come from Vite, never a stale dist/.
    command === "serve" &&
      !process.env.VITEST &&
      netlify({
        headers: { enabled: false },
        database: { enabled: false },
        staticFiles: { enabled: false },
      }),
  ],
  // The built site runs on Preact's React-compatible runtime (decision 0020): the code is React
  // code, but react-dom alone is 67 KB of the 100 KB a page may send. Builds only: tests and
  // `npm start` run on React itself.
  resolve: { alias: command === "build" && !process.env.VITEST ? PREACT_FOR_REACT : [] },
  // The prerender must render with the runtime that hydrates, so React Router is bundled (not
  // left external) into the server build and takes the same aliases.
  ssr: { noExternal: ["react-router", "react-router-dom"] },
  define: { BUILD_YEAR: JSON.stringify(new Date().getFullYear()) },
  build: {
    manifest: true,
    cssCodeSplit: false,
    outDir: "dist",
    // Inline nothing as data: URLs: the CSP allows images only from 'self'.
    assetsInlineLimit: 0,
    // Every browser we serve supports modulepreload; the polyfill would only add to the boot script.
    modulePreload: { polyfill: false },
    // The app is an entry of its own: the boot script (index.html's only script) imports it by the
    // URL the prerender writes into the page, so nothing ties the two chunks together statically.
    rolldownOptions: { input: { index: "index.html", app: "src/app/entry-client.tsx" } },
  },
  test: {
    // The unit and component tests wait on timers, local servers and jsdom far more than they
    // compute: four worker processes keep a 2-core machine busy (CI's unit step went from 284 s
    // to about 95 s). Processes, not threads: the sign-in timing test compares the CPU time of
    // its own process. The browser tests run one file at a time anyway.
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          setupFiles: ["tests/setup/console.ts"],
          include: [
            "src/**/*.test.ts",
            "scripts/**/*.test.ts",
            "netlify/**/*.test.ts",
            "tests/functions/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          environment: "jsdom",
          include: ["src/**/*.test.tsx"],
          setupFiles: ["tests/setup/console.ts", "tests/setup/components.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          // Each group starts a fresh local server, whose functions and edge runtime start on their
          // first request: a page's first visit can take tens of seconds on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One browser, one server: files share them, so run them one after another.
          fileParallelism: false,
        },
      },
    ],
  },
}));
