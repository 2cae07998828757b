import { describe, expect, it } from "vitest";
import { buildSecretProblem } from "./build-secret.server.ts";

describe("the build's signing secret check", () => {
  it.each(["production", "deploy-preview", "branch-deploy"])(
    "stops a Netlify %s build without SIGNING_SECRET, saying what to set",
    (context) => {
      expect(buildSecretProblem({ CONTEXT: context })).toMatch(
        /^SIGNING_SECRET is not set for this Netlify build/,
      );
      expect(buildSecretProblem({ CONTEXT: context, SIGNING_SECRET: "  " })).toMatch(/SIGNING_SECRET/);
    },
  );

  it("lets a Netlify build with SIGNING_SECRET through", () => {
    expect(
      buildSecretProblem({ CONTEXT: "production", SIGNING_SECRET: "a-long-random-value" }),
    ).toBeUndefined();
  });

  it("lets a local build (no CONTEXT, or netlify dev's) use the development secret", () => {
    expect(buildSecretProblem({})).toBeUndefined();
    expect(buildSecretProblem({ CONTEXT: "dev" })).toBeUndefined();
  });
});
