import { z } from "../zod.ts";
import { line, person } from "./common.ts";

/** The journal's Editorial Board (content/editorial-board.yaml). */
export const editorialBoardSchema = z.strictObject({
  editor: person.extend({ position: line }),
  associateEditors: z.array(person.extend({ position: line })).min(1),
  members: z.array(person).min(1),
  secretariat: z.array(z.strictObject({ name: line, contact: line })).min(1),
});
export type EditorialBoard = z.infer<typeof editorialBoardSchema>;
