import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DECOY_HASH, hashPassword, SCRYPT, verifyAgainstDecoy, verifyPassword } from "./password.server.ts";

// At production's cost, which the other server tests lower: this file runs in Vitest's
// password-cost project, which does not (vite.config.ts).

/** The fields of a stored hash: scheme, log2 N, r, p, salt, hash. */
const fields = (stored: string) => {
  const [scheme, logN, r, p, salt, hash] = stored.split("$");
  return {
    scheme,
    cost: [Number(logN), Number(r), Number(p)],
    saltBytes: Buffer.from(salt ?? "", "base64url").length,
    hashBytes: Buffer.from(hash ?? "", "base64url").length,
  };
};

describe("the cost", () => {
  it("is at least OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1", () => {
    expect(SCRYPT.logN).toBeGreaterThanOrEqual(17);
    expect(SCRYPT.r).toBeGreaterThanOrEqual(8);
    expect(SCRYPT.p).toBeGreaterThanOrEqual(1);
  });
});

describe("the decoy hash", () => {
  it("has the cost and shape of a hash made today, so checking it costs what a member's check costs", async () => {
    const fresh = fields(await hashPassword("correct horse battery"));
    expect(fields(DECOY_HASH)).toEqual(fresh);
    expect(fresh.cost).toEqual([SCRYPT.logN, SCRYPT.r, SCRYPT.p]);
  });

  it("is a real scrypt hash that no guess matches", async () => {
    expect(await verifyAgainstDecoy("password")).toBe(false);
    expect(await verifyPassword("", DECOY_HASH)).toBe(false);
  });
});

describe("any Unicode password", () => {
  it("hashes and verifies 70 emoji (scrypt over the UTF-8 bytes), and only them", async () => {
    const emoji = "🌾🧬".repeat(35);
    const stored = await hashPassword(emoji);
    expect(await verifyPassword(emoji, stored)).toBe(true);
    expect(await verifyPassword("🌾🧬".repeat(34), stored)).toBe(false);
    // Three scrypt runs: a good part of a second each, more on a busy machine.
  }, 30_000);
});

describe("a hash made at another cost", () => {
  it("verifies at the cost it was stored with, so the cost can rise and old hashes still work", async () => {
    // A hash at 2^10, as the other server tests make them: the stored cost decides, not today's.
    const salt = randomBytes(16);
    const key = scryptSync("an older password", salt, 32, { N: 2 ** 10, r: 8, p: 1 });
    const stored = ["scrypt", 10, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    expect(await verifyPassword("an older password", stored)).toBe(true);
    expect(await verifyPassword("another password", stored)).toBe(false);
  });
});
