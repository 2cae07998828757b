import type { z } from "#shared/zod.ts";
import type { FormSpec } from "../forms/form-post.server.ts";
import type { SecretariatSession } from "./auth.server.ts";

/**
 * What the workspace's form specs share, apart from the framework: a spec (application-form,
 * newsletter-form, …) is plain data and a handler, tested without the router, which the pages'
 * side (workspace.server.ts) brings in.
 */

export const NOT_FOUND = "There is no such record.";

/** One form's spec, whatever its schema, for code that picks among several. */
export const anyForm = <S extends z.ZodType>(spec: FormSpec<S>) => spec as unknown as FormSpec<z.ZodType>;

/** Makes the spec of the form a request is for, given the record it acts on and who acts; null: no such form. */
export type FormOf<R> = (record: R, session: SecretariatSession, url: URL) => FormSpec<z.ZodType> | null;
