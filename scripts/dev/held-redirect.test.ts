import { describe, expect, it } from "vitest";
import { HELD_LOCATION, hideRedirect, showRedirect } from "./held-redirect.ts";

describe("hideRedirect and showRedirect", () => {
  it("carry a page POST's 303 back through the edge runtime to the browser as it was", async () => {
    const headers = new Headers({ location: "/contact-us/thanks", "cache-control": "no-store" });
    headers.append("set-cookie", "session=a; Path=/; HttpOnly");
    headers.append("set-cookie", "flash=sent; Path=/");
    const hidden = hideRedirect(new Response("see there", { status: 303, headers }));
    // On its way through the edge runtime's fetch, nothing for it to follow.
    expect(hidden.status).toBe(303);
    expect(hidden.headers.get("location")).toBeNull();
    expect(hidden.headers.get(HELD_LOCATION)).toBe("/contact-us/thanks");

    const shown = showRedirect(hidden);
    expect(shown.status).toBe(303);
    expect(shown.headers.get("location")).toBe("/contact-us/thanks");
    expect(shown.headers.has(HELD_LOCATION)).toBe(false);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    expect(shown.headers.getSetCookie()).toEqual(["session=a; Path=/; HttpOnly", "flash=sent; Path=/"]);
    expect(await shown.text()).toBe("see there");
  });

  it("leave an answer that is no redirect as it is", () => {
    const page = new Response("<h1>Contact us</h1>", { status: 200 });
    expect(hideRedirect(page)).toBe(page);
    expect(showRedirect(page)).toBe(page);
  });
});
