import { randomBytes } from "node:crypto";
import { createContext, type MiddlewareFunction } from "react-router";
import type { FormRefusal } from "#shared/forms/form-result.ts";
import { database } from "../db/database.server.ts";

/**
 * A refused form posted without JavaScript is answered Post/Redirect/Get: the refusal (the
 * errors, and what was typed but never a password) is kept here for a moment and the browser is
 * sent back to the page with a 303, which then shows it. So Back and Reload never post the form
 * a second time. The browser holds only a random id, in a cookie scoped to the page; the stored
 * refusal (a row of form_flashes) is read once, by the statement that deletes it, and is not
 * shown past FLASH_SECONDS; the sweep deletes one never read (netlify/functions/expired-records-sweep.ts).
 */
const FLASH_COOKIE = "isgpb_form";
const FLASH_SECONDS = 600;

/**
 * A refusal as its row keeps it: the errors as [field, message] pairs, in the form's order. A jsonb
 * object keeps its keys in an order of its own (shortest first), and the page's error summary
 * lists the errors in the order they are given.
 */
type StoredRefusal = Omit<FormRefusal, "errors"> & { errors: [string, string | undefined][] };

const stored = (refusal: FormRefusal): StoredRefusal => ({
  ...refusal,
  errors: Object.entries(refusal.errors),
});
const refusalOf = ({ errors, ...rest }: StoredRefusal): FormRefusal => ({
  ...rest,
  errors: Object.fromEntries(errors),
});

/** The refusal the page's GET brought back, for the root loader to hand to the page's form. */
export const flashContext = createContext<FormRefusal | null>(null);

/** Keeps a refusal for the page at `path`; the Set-Cookie header that names it. */
export async function stashRefusal(refusal: FormRefusal, path: string, now = Date.now()): Promise<string> {
  const id = randomBytes(24).toString("base64url");
  await database()
    .insertInto("form_flashes")
    .values({
      id,
      path,
      refusal: JSON.stringify(stored(refusal)),
      expires_at: new Date(now + FLASH_SECONDS * 1000),
    })
    .execute();
  return cookie(id, path, FLASH_SECONDS);
}

const cookie = (value: string, path: string, maxAge: number) =>
  `${FLASH_COOKIE}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;

function flashId(request: Request): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === FLASH_COOKIE && value && /^[A-Za-z0-9_-]{32}$/.test(value)) return value;
  }
  return null;
}

/**
 * Reads (once) the refusal a page's GET comes back for. A request for another path leaves it be;
 * a missing or broken store shows the page plain.
 */
export const formFlash: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const id = request.method === "GET" ? flashId(request) : null;
  if (!id) return next();
  const { pathname } = new URL(request.url);
  // Read and deleted in one statement, and only by a GET of its own page: read once.
  const flash = await database()
    .deleteFrom("form_flashes")
    .where("id", "=", id)
    .where("path", "=", pathname)
    .returning(["refusal", "expires_at"])
    .executeTakeFirst()
    .catch(() => undefined);
  if (!flash) return next();
  if (flash.expires_at.getTime() > Date.now())
    context.set(flashContext, refusalOf(flash.refusal as StoredRefusal));
  const response = await next();
  response.headers.append("Set-Cookie", cookie("", pathname, 0));
  return response;
};
