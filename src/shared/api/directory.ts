/** GET /api/directory/:id, as the View More dialog parses it (zod/mini: browser code). */
import { publicMemberSchema } from "../schemas/directory.ts";
import { zm } from "../zod.ts";

/**
 * One member's details. `contacts` says what the asker may see: "shown" carries the contact
 * details (a detail the member hid is absent); "sign-in" is a visitor, who must sign in as a
 * member; "members-only" a signed-in account whose membership is not active (decision 0015).
 */
export const memberDetailsSchema = zm.union([
  zm.extend(publicMemberSchema, {
    contacts: zm.literal("shown"),
    address1: zm.optional(zm.string()),
    address2: zm.optional(zm.string()),
    email: zm.optional(zm.string()),
    mobile: zm.optional(zm.string()),
  }),
  zm.extend(publicMemberSchema, { contacts: zm.enum(["sign-in", "members-only"]) }),
]);
export type MemberDetails = zm.infer<typeof memberDetailsSchema>;
