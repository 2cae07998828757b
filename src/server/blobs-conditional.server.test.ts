import { getStore, type Store } from "@netlify/blobs";
import { describe, expect, it, vi } from "vitest";
import { startBlobsServer } from "#tests/support/blobs.ts";
import { setIfNew, setJsonIfMatch, setJsonIfNew } from "./blobs-conditional.server.ts";

startBlobsServer();

/** A store whose conditional writes answer as @netlify/blobs does after a 500: modified, no ETag. */
function storeAfterServerError(present: boolean) {
  const getMetadata = vi.fn(async () => (present ? { etag: '"e1"', metadata: {} } : null));
  const answer = async () => ({ modified: true });
  const store = { set: answer, setJSON: answer, getMetadata } as unknown as Store;
  return { store, getMetadata };
}

describe("conditional writes to Blobs", () => {
  it("writes a new key once, then answers false, against the local Blobs server", async () => {
    const store = getStore("conditional-writes");
    await expect(setIfNew(store, "claim", "first")).resolves.toBe(true);
    await expect(setIfNew(store, "claim", "second")).resolves.toBe(false);
    await expect(store.get("claim")).resolves.toBe("first");
    await expect(setJsonIfNew(store, "record", { n: 1 })).resolves.toBe(true);
    await expect(setJsonIfNew(store, "record", { n: 2 })).resolves.toBe(false);
  });

  it("writes over a key only while it keeps the ETag it was read with", async () => {
    const store = getStore("conditional-writes");
    // The local server's reads carry no ETag; a write's answer does, as Netlify's reads do.
    const { etag } = await store.setJSON("issue", { status: "draft" });
    await expect(setJsonIfMatch(store, "issue", { status: "sending" }, etag)).resolves.toBe(true);
    await expect(setJsonIfMatch(store, "issue", { status: "again" }, etag)).resolves.toBe(false);
    await expect(store.get("issue", { type: "json" })).resolves.toEqual({ status: "sending" });
  });

  it("throws when a write the library calls made stored nothing (its answer to a 500)", async () => {
    const { store, getMetadata } = storeAfterServerError(false);
    await expect(setIfNew(store, "claim", "x")).rejects.toThrow(/stored nothing/);
    await expect(setJsonIfNew(store, "record", {})).rejects.toThrow(/stored nothing/);
    expect(getMetadata).toHaveBeenCalledWith("record", { consistency: "strong" });
  });

  it("accepts such an answer when the key reads back, stored after all", async () => {
    const { store } = storeAfterServerError(true);
    await expect(setJsonIfNew(store, "record", {})).resolves.toBe(true);
  });
});
