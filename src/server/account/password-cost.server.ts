/**
 * The cost of a new password hash: scrypt at N = 2^17, r = 8, p = 1 (OWASP's minimum for scrypt),
 * about a third of a second of CPU and 128 MiB of memory per hash, so a stolen store is slow to
 * attack. On its own, beside the hashing, so that the server tests can hash at a lower cost
 * (tests/support/password-cost.ts): the cost is the one thing they change. password.server.test.ts
 * keeps this one and checks it.
 */
export const SCRYPT: Readonly<Record<"logN" | "r" | "p" | "keyLength" | "saltLength", number>> = {
  logN: 17,
  r: 8,
  p: 1,
  keyLength: 32,
  saltLength: 16,
};

/**
 * A hash at today's cost of a random password that was thrown away once hashed: no one knows it,
 * and it is a constant so that no sign-in, not even the first unknown address on a cold instance,
 * pays for building it (an extra scrypt that made unknown addresses measurably slower).
 * password.server.test.ts checks it still has SCRYPT's cost; if that rises, make a new one with
 * hashPassword(randomBytes(24).toString("base64url")).
 */
export const DECOY_HASH: string =
  "scrypt$17$8$1$k7n2QrA0cAhwUf1_Fsyl3A$xzeK0Ov0P19b0dbIYY-RNl8Q4fbgNm0eBZwVJuPfp_c";
