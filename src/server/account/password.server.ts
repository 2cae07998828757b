import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt at N = 2^17, r = 8, p = 1 (OWASP's minimum for scrypt): about a
 * third of a second of CPU and 128 MiB of memory per hash, so a stolen store is slow to attack.
 * Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the cost can rise later and
 * old hashes still verify.
 */
export const SCRYPT = { logN: 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

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
 * A hash at today's cost of a random password that was thrown away once hashed: no one knows it,
 * and it is a constant so that no sign-in, not even the first unknown address on a cold instance,
 * pays for building it (an extra scrypt that made unknown addresses measurably slower).
 * password.server.test.ts checks it still has SCRYPT's cost; if that rises, make a new one with
 * hashPassword(randomBytes(24).toString("base64url")).
 */
export const DECOY_HASH = "scrypt$17$8$1$k7n2QrA0cAhwUf1_Fsyl3A$xzeK0Ov0P19b0dbIYY-RNl8Q4fbgNm0eBZwVJuPfp_c";

/**
 * Checks the password against the decoy hash: a sign-in for an e-mail with no account does the
 * same one scrypt as one for a real account, so timing does not tell them apart.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  await verifyPassword(password, DECOY_HASH);
  return false;
}
