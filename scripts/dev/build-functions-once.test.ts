import { FunctionsHandler } from "@netlify/functions-dev";
import { describe, expect, it } from "vitest";
import { checked } from "./build-functions-once.ts";

/** A method whose source reads `source`, as a changed @netlify/functions-dev might have it. */
const withSource = (source: string) => Object.assign(async () => undefined, { toString: () => source });

const INVOKE = "invoke(request, route, func, buildDirectory)";
const BUILD = "buildFunctionAndWatchFiles(func, firstLoad = false)";

describe("checked", () => {
  it("takes a method as written against", () => {
    expect(() =>
      checked(withSource(`async ${INVOKE} {\n  return this.run();\n}`), "FunctionsHandler", INVOKE),
    ).not.toThrow();
    expect(() =>
      checked(withSource(`async ${BUILD} {\n  await func.build();\n}`), "FunctionsRegistry", BUILD),
    ).not.toThrow();
  });

  it("refuses a method whose arguments, default or kind changed, and one that is gone", () => {
    const changed = [
      "async invoke(request, route, func, buildDirectory, options) {}",
      "async invoke(request, func, route, buildDirectory) {}",
      "invoke(request, route, func, buildDirectory) {}",
      "async invoke({ request, route, func, buildDirectory }) {}",
    ];
    for (const source of changed)
      expect(() => checked(withSource(source), "FunctionsHandler", INVOKE)).toThrow(
        "@netlify/functions-dev changed: FunctionsHandler.prototype.invoke is not " +
          "`async invoke(request, route, func, buildDirectory)`; check scripts/dev/build-functions-once.ts against it",
      );
    expect(() =>
      checked(
        withSource("async buildFunctionAndWatchFiles(func, firstLoad = true) {}"),
        "FunctionsRegistry",
        BUILD,
      ),
    ).toThrow("FunctionsRegistry.prototype.buildFunctionAndWatchFiles is not");
    expect(() => checked(undefined, "FunctionsHandler", INVOKE)).toThrow(
      "FunctionsHandler.prototype.invoke is not",
    );
  });

  it("takes the installed @netlify/functions-dev's invoke (read, not patched)", () => {
    const { invoke } = FunctionsHandler.prototype as unknown as { invoke: unknown };
    expect(() => checked(invoke, "FunctionsHandler", INVOKE)).not.toThrow();
  });
});
