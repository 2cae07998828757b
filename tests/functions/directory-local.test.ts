import { describe, expect, it, vi } from "vitest";
import directory from "../../netlify/functions/directory.ts";
import directoryMember from "../../netlify/functions/directory-member.ts";
import fellows from "../../netlify/functions/fellows.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { startDatabase } from "../support/database.ts";
import { functionContext } from "../support/function-context.ts";
import { setupMsw } from "../support/msw.ts";

// Member ids and form tokens are keyed with it; unset, the development secret is used, with a warning.
vi.stubEnv("SIGNING_SECRET", "test-signing-secret");

// No Sheets settings: the functions read content/directory.csv and content/fellows.csv. msw
// with no handlers fails the test if anything tries the network.
setupMsw();
startBlobsServer();
startDatabase();

describe("the directory functions on the embedded CSV files", () => {
  it("list every member with no contact detail in the answer", async () => {
    const response = await directory(new Request("http://localhost/api/directory"));
    const text = await response.text();
    const members = JSON.parse(text);
    expect(members.length).toBeGreaterThanOrEqual(2100);
    expect(text).not.toMatch(/@|\+91|PIN |Department of|Division of/);
  });

  it("answer one member's details by id (contacts shown to all with DIRECTORY_CONTACTS_PUBLIC=true)", async () => {
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "true");
    const [first] = await (await directory(new Request("http://localhost/api/directory"))).json();
    const response = await directoryMember(
      new Request("http://localhost/"),
      functionContext({ id: first.id }),
    );
    expect(await response.json()).toMatchObject({
      id: first.id,
      email: expect.stringMatching(/@example\.org$/),
    });
    vi.stubEnv("DIRECTORY_CONTACTS_PUBLIC", "");
  });

  it("list the fellows", async () => {
    expect(
      (await (await fellows(new Request("http://localhost/api/fellows"))).json()).length,
    ).toBeGreaterThanOrEqual(60);
  });
});
