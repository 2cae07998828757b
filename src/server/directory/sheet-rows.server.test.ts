import { afterEach, describe, expect, it, vi } from "vitest";
import { DIRECTORY_HEADER as HEADER } from "#tests/mocks/google-sheets.ts";
import { toMembers } from "./sheet-rows.server.ts";

const asha = [
  "Dr. Asha Rao",
  "Professor",
  "Sample University",
  "",
  "",
  "Hyderabad",
  "Telangana",
  "asha@example.org",
];
const vikram = [
  "Dr. Vikram Das",
  "Scientist",
  "Sample Institute",
  "",
  "",
  "Cuttack",
  "Odisha",
  "vikram@example.org",
];

const idOf = (name: string, rows: string[][]) =>
  toMembers([HEADER, ...rows]).find((member) => member.name === name)?.id;

describe("member ids", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("survive reordering the sheet and are not row numbers", () => {
    vi.stubEnv("SIGNING_SECRET", "directory-test-secret");
    const id = idOf("Dr. Asha Rao", [asha, vikram]);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(idOf("Dr. Asha Rao", [vikram, asha])).toBe(id);
  });

  it("depend on the signing secret, so a guessed e-mail address cannot be matched to one", () => {
    vi.stubEnv("SIGNING_SECRET", "one-secret");
    const first = idOf("Dr. Asha Rao", [asha]);
    vi.stubEnv("SIGNING_SECRET", "another-secret");
    expect(idOf("Dr. Asha Rao", [asha])).not.toBe(first);
  });
});
