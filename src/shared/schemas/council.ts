import { z } from "../zod.ts";
import { person } from "./common.ts";

export const zoneCodes = ["NZ", "EZ", "MEZ", "CZ", "WZ", "SZ"] as const;

/** The Executive Council in office (content/executive-council.yaml). */
export const councilSchema = z.strictObject({
  term: z.string().regex(/^\d{4}-\d{4}$/),
  president: person,
  vicePresidents: z.array(person).length(2),
  secretary: person,
  editor: person,
  treasurer: person,
  councillors: z
    .array(person.extend({ zone: z.enum(zoneCodes) }))
    .length(6)
    .refine((cs) => new Set(cs.map((c) => c.zone)).size === 6, "one councillor per zone"),
});
export type Council = z.infer<typeof councilSchema>;
export type Councillor = Council["councillors"][number];
