import { describe, expect, it } from "vitest";
import { upiLinkText, upiOpensWith, upiQrCaption } from "./payment-wording.ts";
import { upiLink } from "./reference.ts";

const PAYEE = {
  address: "isgpb.membership@exampleupi",
  payeeName: "Indian Society of Genetics and Plant Breeding",
};

describe("how to pay by UPI, with an amount and without one", () => {
  it("with an amount: says it, and the link carries it", () => {
    expect(upiLinkText(1500)).toBe("Pay ₹1,500 with a UPI app");
    expect(upiOpensWith(1500)).toBe("opens your UPI app with the amount and the reference filled in");
    expect(upiQrCaption(1500, "ISGPB-EN-0A1B2C3D4E-2026-27")).toBe(
      "Scan with a UPI app: ₹1,500, reference ISGPB-EN-0A1B2C3D4E-2026-27.",
    );
    expect(upiLink(PAYEE, 1500, "ISGPB-EN-0A1B2C3D4E-2026-27")).toContain("am=1500.00");
  });

  it("without one (a fee to be announced): a sentence that claims nothing false, and no am= in the link", () => {
    expect(upiLinkText("TBA")).toBe("Pay with a UPI app; enter the amount yourself");
    expect(upiOpensWith("TBA")).toBe(
      "opens your UPI app with the reference filled in; enter the amount yourself",
    );
    expect(upiQrCaption("TBA", "ISGPB-EN-0A1B2C3D4E-2026-27")).toBe(
      "Scan with a UPI app and enter the amount yourself; reference ISGPB-EN-0A1B2C3D4E-2026-27.",
    );
    for (const text of [upiLinkText("TBA"), upiOpensWith("TBA")]) expect(text).not.toMatch(/to be announced/);
    expect(upiLink(PAYEE, null, "ISGPB-EN-0A1B2C3D4E-2026-27")).not.toContain("am=");
  });
});
