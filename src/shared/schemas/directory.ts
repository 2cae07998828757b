import { z } from "../zod.ts";

/** What anyone may see of a member: the list, the prerendered pages. No contact details. */
export const publicMemberSchema = z.strictObject({
  id: z.string(),
  name: z.string().min(1),
  position: z.string(),
  university: z.string(),
  city: z.string(),
  state: z.string(),
});
export type PublicMember = z.infer<typeof publicMemberSchema>;

/** One member's full record, fetched on demand by GET /api/directory/:id. */
export const memberSchema = publicMemberSchema.extend({
  address1: z.string(),
  address2: z.string(),
  email: z.string(),
  mobile: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const fellowSchema = z.strictObject({
  serialNumber: z.string(),
  fellowNumber: z.string(),
  fellowOfTheYear: z.string(),
  name: z.string().min(1),
  position: z.string(),
  university: z.string(),
  address: z.string(),
});
export type Fellow = z.infer<typeof fellowSchema>;

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
