/**
 * Pages as the site's server renders them from its content source (src/server/content/): the
 * payment details a page shows are the content's.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { membershipContent } from "../../src/server/membership/membership-content.server.ts";
import { payeeQr } from "../../src/server/membership/payment-qr.server.ts";
import { startBlobsServer } from "../support/blobs.ts";
import { allowConsole } from "../support/console.ts";
import { pageServer, readPage } from "../support/page-server.ts";
import { pageRequest } from "../support/requests.ts";

allowConsole("warn", /^SIGNING_SECRET is unset/);
vi.setConfig({ testTimeout: 30_000 });
startBlobsServer();

let pages: (request: Request) => Promise<Response>;
beforeAll(async () => {
  pages = await pageServer((path) => path === "sign-up");
});

describe("the enrolment page", () => {
  it("draws the QR code of the content's UPI payee, with no amount, beside the bank details", async () => {
    const { document } = await readPage(await pages(pageRequest("/sign-up")));
    const qr = document.querySelector('aside svg[role="img"]');
    expect(qr?.getAttribute("aria-label")).toBe("UPI QR code for paying the society's fee");
    expect(qr?.querySelector("path")?.getAttribute("d")).toBe(payeeQr(membershipContent().upi).path);
    expect(document.querySelector("aside")?.textContent).toContain(membershipContent().bank.accountNumber);
  });
});
