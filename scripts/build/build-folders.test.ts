import { describe, expect, it } from "vitest";
import { BuildFolders } from "./build-folders.ts";

function folders() {
  const removed: string[] = [];
  const tracker = new BuildFolders(async (folder) => {
    removed.push(folder);
  });
  return { tracker, removed };
}

describe("the local server's function build folders", () => {
  it("removes a lone request's folder when it ends", async () => {
    const { tracker, removed } = folders();
    await tracker.end(tracker.begin(), "a");
    expect(removed).toEqual(["a"]);
    expect(tracker.held).toEqual([]);
  });

  it("keeps a folder while a request that began before it was released is still running", async () => {
    const { tracker, removed } = folders();
    const a = tracker.begin();
    const b = tracker.begin(); // may be handed a's build, and load from a's folder
    await tracker.end(a, "a");
    expect(removed).toEqual([]);
    expect(tracker.held).toEqual(["a"]);
    await tracker.end(b, "b");
    expect(removed.sort()).toEqual(["a", "b"]);
  });

  it("does not wait for requests that began after the folder was released", async () => {
    const { tracker, removed } = folders();
    const a = tracker.begin();
    const b = tracker.begin();
    await tracker.end(a, "a");
    const c = tracker.begin(); // began after a ended: never sees a's folder, but may see b's
    await tracker.end(b, "b");
    expect(removed).toEqual(["a"]);
    expect(tracker.held).toEqual(["b"]);
    await tracker.end(c, "c");
    expect(removed.sort()).toEqual(["a", "b", "c"]);
  });

  it("keeps a later folder for an earlier request that is still running", async () => {
    const { tracker, removed } = folders();
    const a = tracker.begin();
    const b = tracker.begin();
    await tracker.end(b, "b"); // a may have joined b's build
    expect(removed).toEqual([]);
    await tracker.end(a, "a");
    expect(removed.sort()).toEqual(["a", "b"]);
  });
});
