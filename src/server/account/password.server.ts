import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { DECOY_HASH, SCRYPT } from "./password-cost.server.ts";

/**
 * Password hashing with scrypt at the cost of password-cost.server.ts. Stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the cost can rise later and old hashes
 * still verify.
 */
export { DECOY_HASH, SCRYPT };

// scrypt needs 128 * N * r bytes; Node refuses more than 32 MiB unless maxmem says otherwise.
const maxmemFor = (N: number, r: number) => 128 * N * r + 16 * 1024 * 1024;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number, length: number) {
  const N = 2 ** logN;
  const options: ScryptOptions = { N, r, p, maxmem: maxmemFor(N, r) };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const { logN, r, p, keyLength, saltLength } = SCRYPT;
  const salt = randomBytes(saltLength);
  const hash = await derive(password, salt, logN, r, p, keyLength);
  return ["scrypt", logN, r, p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(
    password,
    Buffer.from(salt, "base64url"),
    Number(logN),
    Number(r),
    Number(p),
    expected.length,
  );
  return timingSafeEqual(actual, expected);
}

/**
 * Checks the password against the decoy hash: a sign-in for an e-mail with no account does the
 * same one scrypt as one for a real account, so timing does not tell them apart.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verifyPassword(password, DECOY_HASH);
  return false;
}
