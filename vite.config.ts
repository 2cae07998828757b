import netlify from "@netlify/vite-plugin";
import netlifyReactRouter from "@netlify/vite-plugin-react-router";
import { reactRouter } from "@react-router/dev/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { builtStylesheetsPlugin } from "./scripts/build/built-stylesheets.ts";
import { chunkModulesPlugin } from "./scripts/build/chunk-modules.ts";
import { netlifyRedirects } from "./scripts/build/legacy-redirects.ts";
import { newsMediaPlugin } from "./scripts/build/news-media.ts";
import { serverCodeGuard } from "./scripts/build/server-code-guard.ts";
import { shellChunksPlugin } from "./scripts/build/shell-chunks.ts";
import { localDatabase } from "./scripts/dev/database-plugin.ts";
import { functionsOnFirstCall } from "./scripts/dev/functions-on-first-call.ts";
import { razorpayGateway } from "./scripts/dev/razorpay-gateway.ts";
import { FUNCTION_PATHS_OUTSIDE_API } from "./src/shared/function-paths.ts";
import ServerTestsFirst from "./tests/setup/sequencer.ts";

/** The tests about the password cost itself (their project, below, says why they are apart). */
const PASSWORD_COST = ["src/server/account/password.server.test.ts", "tests/functions/login-timing.test.ts"];

const testing = Boolean(process.env.VITEST);

export default defineConfig(async ({ command }) => {
  const emulating = command === "serve" && !testing;
  // The old site's addresses are the CDN's 301s (netlify.toml): the server handler stays off them.
  const legacyPaths = testing ? [] : (await netlifyRedirects(import.meta.dirname)).map(({ from }) => from);
  return {
    plugins: [
      // The framework's plugin builds the app; the component tests render components on their own,
      // with plain React and no router build (React Router's own advice for Vitest).
      testing ? react() : reactRouter(),
      // Deploys the framework's server handler as a Netlify Function for every path no static file
      // and no function of ours answers (docs/decisions/0027).
      !testing &&
        netlifyReactRouter({ excludedPaths: ["/api/*", ...FUNCTION_PATHS_OUTSIDE_API, ...legacyPaths] }),
      serverCodeGuard(),
      // The server's build carries the browser's stylesheets, for the pages' heads (decision 0045).
      builtStylesheetsPlugin(),
      newsMediaPlugin(),
      chunkModulesPlugin(),
      shellChunksPlugin(),
      // Emulates Blobs and redirects in `vite` dev; the build needs none of it. The static-file
      // headers stay off here: their CSP would block Vite's inline HMR preamble (the browser tests
      // check the headers on the production build). Functions are emulated apart, from their
      // first call (scripts/dev/functions-on-first-call.ts says why).
      // The records' local Postgres, started before any function or loader asks for it.
      emulating && localDatabase(),
      emulating && functionsOnFirstCall(FUNCTION_PATHS_OUTSIDE_API),
      // "Pay online" without a Razorpay account: RAZORPAY_LOCAL_GATEWAY=1 npm start (decision 0052).
      emulating && razorpayGateway(),
      emulating &&
        netlify({
          headers: { enabled: false },
          database: { enabled: false },
          edgeFunctions: { enabled: false },
          functions: { enabled: false },
        }),
    ],
    define: { BUILD_YEAR: JSON.stringify(new Date().getFullYear()) },
    build: {
      // Inline nothing as data: URLs: the CSP allows images only from 'self'.
      assetsInlineLimit: 0,
      // Every browser we serve supports modulepreload; the polyfill would only add to the page's script.
      modulePreload: { polyfill: false },
    },
    test: {
      // The unit and component tests wait on timers, local servers and jsdom far more than they
      // compute: four workers keep a 2-core machine busy. Worker threads: they start and load
      // modules for about a fifth less CPU than processes over the suite.
      pool: "threads",
      maxWorkers: 4,
      // Vitest's 5 s default is for a machine with room to spare; beside the typecheck and the
      // build (`npm test`), a test that seeds accounts and sends mail can take longer.
      testTimeout: 15_000,
      // A worker's first file starts its database (PGlite, migrated: tests/support/database.ts),
      // about 2 s alone and many more beside a build on two busy cores.
      hookTimeout: 60_000,
      // The server tests first, so none of them runs on alone at the end (tests/setup/sequencer.ts).
      sequence: { sequencer: ServerTestsFirst },
      projects: [
        {
          extends: true,
          test: {
            name: "unit",
            environment: "node",
            // A worker's files share the packages they import, and each file gets our own modules
            // afresh (tests/setup/fresh-modules.ts, decision 0042): about half the CPU. So a test
            // file stops the servers it starts; the setup puts back what it stubbed.
            isolate: false,
            setupFiles: [
              "tests/setup/fresh-modules.ts",
              "tests/setup/console.ts",
              "tests/setup/password-cost.ts",
            ],
            include: [
              "src/**/*.test.ts",
              "scripts/**/*.test.ts",
              "netlify/**/*.test.ts",
              "tests/functions/**/*.test.ts",
              "tests/architecture/**/*.test.ts",
            ],
            exclude: PASSWORD_COST,
          },
        },
        {
          // Without the unit project's lower cost, each file in a process of its own: the hashing
          // tests at production's cost, and the sign-in timing test, which compares the CPU time
          // of its own process, at the cost it sets itself.
          extends: true,
          test: {
            name: "password-cost",
            environment: "node",
            pool: "forks",
            setupFiles: ["tests/setup/console.ts"],
            include: PASSWORD_COST,
          },
        },
        {
          extends: true,
          test: {
            name: "components",
            environment: "jsdom",
            // As in the unit project; Testing Library unmounts what each test rendered.
            isolate: false,
            include: ["src/**/*.test.tsx"],
            setupFiles: [
              "tests/setup/fresh-modules.ts",
              "tests/setup/console.ts",
              "tests/setup/components.ts",
            ],
          },
        },
      ],
    },
  };
});
