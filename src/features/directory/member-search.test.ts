import { describe, expect, it } from "vitest";
import type { PublicMember } from "#shared/schemas/directory.ts";
import { findMembers, searchable, statesOf } from "./member-search.ts";

const member = (name: string, university: string, city: string, state: string): PublicMember => ({
  id: name,
  name,
  position: "Professor",
  university,
  city,
  state,
});
const members = [
  member("Dr. Asha Rao", "Punjab Agricultural University", "Ludhiana", "Punjab"),
  member("Dr. Renée Iyer", "Tamil Nadu Agricultural University", "Coimbatore", "Tamil Nadu"),
  member("Dr. Ravi Nair", "Kerala Agricultural University", "Thrissur", "Kerala"),
];
const index = searchable(members);
const names = (found: PublicMember[]) => found.map((m) => m.name);

describe("member search", () => {
  it.each([
    ["name", "asha", ["Dr. Asha Rao"]],
    ["institution", "kerala agri", ["Dr. Ravi Nair"]],
    ["city", "coimbatore", ["Dr. Renée Iyer"]],
    ["state, accents ignored", "renee tamil", ["Dr. Renée Iyer"]],
    ["several words", "agricultural university", ["Dr. Asha Rao", "Dr. Renée Iyer", "Dr. Ravi Nair"]],
  ])("finds by %s", (_, query, expected) => expect(names(findMembers(index, query, ""))).toEqual(expected));

  it("does not search the position", () => expect(findMembers(index, "professor", "")).toEqual([]));

  it("filters by state, with or without a query", () => {
    expect(names(findMembers(index, "", "Kerala"))).toEqual(["Dr. Ravi Nair"]);
    expect(names(findMembers(index, "asha", "Kerala"))).toEqual([]);
  });

  it("lists the states once each, sorted", () =>
    expect(statesOf([...members, members[0] as PublicMember])).toEqual(["Kerala", "Punjab", "Tamil Nadu"]));
});
