import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readToken, signToken } from "./signed-token.server.ts";

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

  it("expire", async () => {
    const token = await signToken(secret, "confirm", {}, new Date(Date.now() - 1));
    await expect(readToken(secret, "confirm", token)).resolves.toEqual({ ok: false, reason: "expired" });
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
