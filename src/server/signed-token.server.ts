/**
 * Signed, expiring tokens for links and forms: `<payload>.<signature>`, both base64url, signed
 * with HMAC-SHA-256. Each token names its purpose, so a token made for one use (a form, a confirm
 * link, an approval link) is refused for any other.
 */
export type TokenCheck<T> =
  | { ok: true; data: T }
  | { ok: false; reason: "malformed" | "forged" }
  // Genuine but out of date: what it says is known, for a caller that may offer a fresh token.
  | { ok: false; reason: "expired"; data: T };

/** Used when SIGNING_SECRET is unset, so the site runs on a fresh clone; production must set it. */
export const DEVELOPMENT_SECRET = "isgpb-development-signing-secret";

// Netlify's deploy contexts that face the public; local emulation reports "dev" or none.
export const DEPLOYED_CONTEXTS = new Set(["production", "deploy-preview", "branch-deploy"]);

/**
 * The signing key: SIGNING_SECRET, or on a developer's machine the development secret. A deploy
 * without SIGNING_SECRET refuses to sign: the development secret is in this repository, and with
 * it anyone could forge a payment-approval link and activate an account without paying.
 */
export function resolveSigningSecret(
  configured: string | undefined,
  deployContext: string | undefined,
): string {
  if (configured) return configured;
  if (deployContext && DEPLOYED_CONTEXTS.has(deployContext)) {
    throw new Error(`SIGNING_SECRET is not set for this ${deployContext}: set a long random value`);
  }
  return DEVELOPMENT_SECRET;
}

const encoder = new TextEncoder();

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null; // a length no base64 text can have
  }
}

const hmacKey = (secret: string) =>
  crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
    "verify",
  ]);

export async function signToken(
  secret: string,
  purpose: string,
  data: Record<string, unknown>,
  expiresAt: Date,
): Promise<string> {
  const payload = toBase64Url(
    encoder.encode(JSON.stringify({ purpose, expires: expiresAt.getTime(), data })),
  );
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(payload));
  return `${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/** Checks the signature (in constant time), the purpose and the expiry, then answers the data. */
export async function readToken<T>(
  secret: string,
  purpose: string,
  token: unknown,
  now = new Date(),
): Promise<TokenCheck<T>> {
  if (typeof token !== "string" || token.length > 2048) return { ok: false, reason: "malformed" };
  const [payload, signature, ...rest] = token.split(".");
  const signatureBytes = fromBase64Url(signature ?? "");
  if (!payload || !signature || !signatureBytes || rest.length > 0) return { ok: false, reason: "malformed" };
  const genuine = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret),
    signatureBytes,
    encoder.encode(payload),
  );
  if (!genuine) return { ok: false, reason: "forged" };
  const decoded = fromBase64Url(payload);
  const body = decoded
    ? (JSON.parse(new TextDecoder().decode(decoded)) as { purpose?: unknown; expires?: unknown; data?: T })
    : null;
  if (!body || body.purpose !== purpose || typeof body.expires !== "number")
    return { ok: false, reason: "forged" };
  if (body.expires < now.getTime()) return { ok: false, reason: "expired", data: body.data as T };
  return { ok: true, data: body.data as T };
}
