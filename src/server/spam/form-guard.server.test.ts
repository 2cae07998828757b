import { describe, expect, it } from "vitest";
import { issueFormToken, screenSubmission } from "./form-guard.server.ts";

const secret = "test-secret";
const now = new Date("2026-11-22T10:00:00Z");
const secondsBefore = (seconds: number) => new Date(now.getTime() - seconds * 1000);
const fields = { email: "meera@example.org", message: "Hello" };

describe("screenSubmission", () => {
  it("passes a form filled by a person, without the guard's fields", async () => {
    const form_token = await issueFormToken(secret, secondsBefore(40));
    await expect(screenSubmission({ ...fields, form_token, reference: "" }, secret, now)).resolves.toEqual({
      fields,
      suspicion: null,
      token: form_token,
    });
  });

  it("names a genuine token sent too soon, for a refused page to hand back; never a forged one", async () => {
    const soon = await issueFormToken(secret, secondsBefore(1));
    const forged = await issueFormToken("guessed-secret", secondsBefore(60));
    expect((await screenSubmission({ form_token: soon }, secret, now)).token).toBe(soon);
    expect((await screenSubmission({ form_token: forged }, secret, now)).token).toBeUndefined();
  });

  it.each([
    [
      "a filled honeypot",
      { reference: "https://spam.example" },
      'the hidden "reference" field was filled in',
    ],
    ["no token", {}, "the form token is missing"],
    ["a token that is not one", { form_token: "abc" }, "the form token is malformed"],
  ])("suspects %s", async (_, extra, reason) => {
    await expect(screenSubmission({ ...fields, ...extra }, secret, now)).resolves.toEqual({
      fields,
      suspicion: reason,
    });
  });

  it("suspects a form sent within three seconds of being opened", async () => {
    const form_token = await issueFormToken(secret, secondsBefore(1.2));
    const { suspicion } = await screenSubmission({ ...fields, form_token }, secret, now);
    expect(suspicion).toBe("sent 1.2 s after the form was opened (under 3 s)");
  });

  it("suspects a token signed with another key, or issued more than a day ago", async () => {
    const forged = await issueFormToken("guessed-secret", secondsBefore(60));
    const old = await issueFormToken(secret, secondsBefore(25 * 3600));
    await expect(screenSubmission({ form_token: forged }, secret, now)).resolves.toMatchObject({
      suspicion: "the form token is forged",
    });
    await expect(screenSubmission({ form_token: old }, secret, now)).resolves.toMatchObject({
      suspicion: "the form token has expired (the page was opened more than a day earlier)",
    });
  });
});

describe("issueFormToken", () => {
  it("never hands two visitors of the same millisecond the same token (each is good once)", async () => {
    const [first, second] = await Promise.all([issueFormToken(secret, now), issueFormToken(secret, now)]);
    expect(first).not.toBe(second);
  });
});
