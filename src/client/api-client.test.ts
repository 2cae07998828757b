import { describe, expect, it } from "vitest";
import { type PublicMember, publicMemberSchema } from "#shared/schemas/directory.ts";
import { zm } from "#shared/zod.ts";
import { type AnswerSchema, longList } from "./api-client.ts";

const member = (n: number): PublicMember => ({
  id: `m${n}`,
  name: `Dr. Sample ${n}`,
  position: "Scientist",
  university: "Sample University",
  city: "Pune",
  state: "Maharashtra",
});
const members = Array.from({ length: 2100 }, (_, n) => member(n));

describe("longList", () => {
  const members$ = longList(publicMemberSchema);

  it("checks what zm.array checks, whole or in slices", async () => {
    const array = zm.array(publicMemberSchema);
    const unknownKey = [member(1), { ...member(2), email: "a@b.in" }];
    const noName = [member(1), { ...member(2), name: "" }];
    for (const data of [members, [], unknownKey, noName, { members }, null]) {
      const expected = array.safeParse(data).success;
      expect(members$.safeParse(data).success).toBe(expected);
      expect((await members$.checkInSlices?.(data))?.success).toBe(expected);
    }
    expect(await members$.checkInSlices?.(members)).toEqual({ success: true, data: members });
  });

  it("lets the page's own tasks run while it checks a long list", async () => {
    // An item that takes 1 ms: 30 of them are longer than any one slice may be.
    let timerRan = false;
    const seenByLast: boolean[] = [];
    const slowItem: AnswerSchema<number> = {
      safeParse(data) {
        const until = performance.now() + 1;
        while (performance.now() < until);
        if (data === 29) seenByLast.push(timerRan);
        return { success: true, data: data as number };
      },
    };
    const list = longList(slowItem);
    const data = Array.from({ length: 30 }, (_, n) => n);

    setTimeout(() => (timerRan = true), 0);
    list.safeParse(data);
    await list.checkInSlices?.(data);
    // Checked in one go, the list held the thread; in slices, the timer ran before the end.
    expect(seenByLast).toEqual([false, true]);
  });

  it("stops when the reader has left the page", async () => {
    let checked = 0;
    const slowItem: AnswerSchema<number> = {
      safeParse(data) {
        checked++;
        const until = performance.now() + 1;
        while (performance.now() < until);
        return { success: true, data: data as number };
      },
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 0);
    const data = Array.from({ length: 100 }, (_, n) => n);
    await expect(longList(slowItem).checkInSlices?.(data, controller.signal)).rejects.toThrow(
      expect.objectContaining({ name: "AbortError" }),
    );
    expect(checked).toBeLessThan(data.length);
  });
});
