import { randomBytes, scryptSync } from "node:crypto";
import type * as PasswordCost from "#server/account/password-cost.server.ts";

/**
 * The password-cost module at another scrypt cost: `SCRYPT` with `logN` in place of production's,
 * and a decoy hash made at that cost (of a random password thrown away), so an unknown address
 * still costs what a real one does. For `vi.mock`'s factory, which imports this module itself:
 *
 *   vi.mock(import("#server/account/password-cost.server.ts"), async (importOriginal) =>
 *     (await import("#tests/support/password-cost.ts")).passwordCostAt(10, importOriginal));
 */
export async function passwordCostAt(
  logN: number,
  importOriginal: () => Promise<typeof PasswordCost>,
): Promise<typeof PasswordCost> {
  const { SCRYPT } = await importOriginal();
  const cost = { ...SCRYPT, logN };
  const salt = randomBytes(cost.saltLength);
  const hash = scryptSync(randomBytes(24).toString("base64url"), salt, cost.keyLength, {
    N: 2 ** cost.logN,
    r: cost.r,
    p: cost.p,
    // scrypt needs 128 * N * r bytes, and Node refuses more than 32 MiB unless told (as password.server.ts is).
    maxmem: 128 * 2 ** cost.logN * cost.r + 16 * 1024 * 1024,
  });
  const decoy = ["scrypt", cost.logN, cost.r, cost.p, salt.toString("base64url"), hash.toString("base64url")];
  return { SCRYPT: cost, DECOY_HASH: decoy.join("$") };
}
