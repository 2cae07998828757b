import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signingSecret } from "./env.server.ts";
import { DEVELOPMENT_SECRET, readToken, resolveSigningSecret, signToken } from "./signed-token.server.ts";

const secret = "test-secret";
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe("signed tokens", () => {
  it("give back what was signed, for the same purpose", async () => {
    const token = await signToken(secret, "confirm", { email: "मीरा@example.org" }, inAnHour());
    await expect(readToken(secret, "confirm", token)).resolves.toEqual({
      ok: true,
      data: { email: "मीरा@example.org" },
    });
  });

  it("are refused for another purpose or under another secret", async () => {
    const token = await signToken(secret, "confirm", { id: 1 }, inAnHour());
    await expect(readToken(secret, "approve", token)).resolves.toEqual({ ok: false, reason: "forged" });
    await expect(readToken("other", "confirm", token)).resolves.toEqual({ ok: false, reason: "forged" });
  });

  it("are refused when the payload is changed", async () => {
    const token = await signToken(secret, "confirm", { id: 1 }, inAnHour());
    const [, signature] = token.split(".");
    const otherPayload = (await signToken(secret, "confirm", { id: 2 }, inAnHour())).split(".")[0];
    await expect(readToken(secret, "confirm", `${otherPayload}.${signature}`)).resolves.toMatchObject({
      ok: false,
      reason: "forged",
    });
  });

  it("expire, still saying what they were for", async () => {
    const token = await signToken(secret, "confirm", { id: 7 }, new Date(Date.now() - 1));
    await expect(readToken(secret, "confirm", token)).resolves.toEqual({
      ok: false,
      reason: "expired",
      data: { id: 7 },
    });
  });

  it("never throw on hostile input", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.anything()), async (token) => {
        const check = await readToken(secret, "confirm", token);
        expect(check.ok).toBe(false);
      }),
    );
  });
});

describe("the signing secret", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is SIGNING_SECRET whenever it is set", () => {
    expect(resolveSigningSecret("long-random", "production")).toBe("long-random");
    expect(resolveSigningSecret("long-random", undefined)).toBe("long-random");
  });

  it("falls back to the development secret only off a deploy", () => {
    expect(resolveSigningSecret(undefined, undefined)).toBe(DEVELOPMENT_SECRET);
    expect(resolveSigningSecret(undefined, "dev")).toBe(DEVELOPMENT_SECRET);
    for (const context of ["production", "deploy-preview", "branch-deploy"]) {
      expect(() => resolveSigningSecret(undefined, context)).toThrow(/SIGNING_SECRET is not set/);
    }
  });

  it("is refused to a function serving a production request without SIGNING_SECRET", () => {
    vi.stubGlobal("Netlify", { context: { deploy: { context: "production" } } });
    expect(() => signingSecret({ SIGNING_SECRET: undefined } as Parameters<typeof signingSecret>[0])).toThrow(
      /SIGNING_SECRET/,
    );
    expect(signingSecret({ SIGNING_SECRET: "set" } as Parameters<typeof signingSecret>[0])).toBe("set");
  });
});
