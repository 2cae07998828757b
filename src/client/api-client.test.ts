import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import type { NewsPage } from "#shared/schemas/news.ts";
import { setupMsw } from "../../tests/support/msw.ts";
import { ApiError, getJson, listOf, objectWith, UNREACHABLE } from "./api-client.ts";

const newsPageSchema = objectWith<NewsPage>("items", "page", "hasMore");

const URL = "https://isgpb.test/api/news";
const server = setupMsw();

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("getJson", () => {
  it("gives the answer once its schema accepts it", async () => {
    const answer = { items: [], page: 1, hasMore: false };
    server.use(http.get(URL, () => HttpResponse.json(answer)));
    await expect(getJson(URL, newsPageSchema)).resolves.toEqual(answer);
  });

  it("refuses an answer of another shape, in words a reader understands", async () => {
    server.use(http.get(URL, () => HttpResponse.json({ items: "none" })));
    const error = await refusalOf(getJson(URL, newsPageSchema));
    expect(error.message).toBe("The website's answer was not understood. Please try again.");
  });

  it("passes on the service's own sentence with its status", async () => {
    server.use(http.get(URL, () => HttpResponse.json({ error: "News is unavailable." }, { status: 503 })));
    const error = await refusalOf(getJson(URL, newsPageSchema));
    expect([error.status, error.message]).toEqual([503, "News is unavailable."]);
  });

  it("says the site could not be reached when no answer came", async () => {
    server.use(http.get(URL, () => HttpResponse.error()));
    const error = await refusalOf(getJson(URL, newsPageSchema));
    expect([error.status, error.message]).toEqual([0, UNREACHABLE]);
  });
});

describe("listOf", () => {
  it("takes any list and nothing else", () => {
    const list = listOf<number>();
    expect(list.safeParse([1, 2])).toEqual({ success: true, data: [1, 2] });
    expect(list.safeParse({ items: [] }).success).toBe(false);
    expect(list.safeParse(null).success).toBe(false);
  });
});
