import { describe, expect, it } from "vitest";
import { isServerModule } from "./server-code-guard.ts";

describe("isServerModule", () => {
  it.each([
    ["/repo/src/server/env.server.ts", true],
    ["/repo/src/server/forms/form-post.server.ts?v=1", true],
    ["/repo/src/features/x/thing.server.ts", true],
    ["/repo/src/shared/zod.ts", false],
    ["/repo/src/features/contact/contact-form.tsx", false],
    ["/repo/node_modules/observer/index.js", false],
  ])("%s → %s", (id, expected) => {
    expect(isServerModule(id)).toBe(expected);
  });
});
