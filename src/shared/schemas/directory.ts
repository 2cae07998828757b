import { zm } from "../zod.ts";

// Parsed in the browser too (the lists and the View More dialog): written with zod/mini.

/** What anyone may see of a member: the list, the prerendered pages. No contact details. */
export const publicMemberSchema = zm.strictObject({
  id: zm.string(),
  name: zm.string().check(zm.minLength(1)),
  position: zm.string(),
  university: zm.string(),
  city: zm.string(),
  state: zm.string(),
});
export type PublicMember = zm.infer<typeof publicMemberSchema>;

/** One member's full record, fetched on demand by GET /api/directory/:id. */
export const memberSchema = zm.extend(publicMemberSchema, {
  address1: zm.string(),
  address2: zm.string(),
  email: zm.string(),
  mobile: zm.string(),
});
export type Member = zm.infer<typeof memberSchema>;

export const fellowSchema = zm.strictObject({
  serialNumber: zm.string(),
  fellowNumber: zm.string(),
  fellowOfTheYear: zm.string(),
  name: zm.string().check(zm.minLength(1)),
  position: zm.string(),
  university: zm.string(),
  address: zm.string(),
});
export type Fellow = zm.infer<typeof fellowSchema>;
export const fellowsSchema = zm.array(fellowSchema);

/** Reads the directory: the server's sources (full records) have this shape. */
export interface DirectorySource {
  members(): Promise<Member[]>;
  fellows(): Promise<Fellow[]>;
}

/** What pages may read while prerendering: public member fields only. */
export interface PublicDirectory {
  members(): Promise<PublicMember[]>;
  fellows(): Promise<Fellow[]>;
}

export function toPublicMember({ id, name, position, university, city, state }: PublicMember): PublicMember {
  return { id, name, position, university, city, state };
}
