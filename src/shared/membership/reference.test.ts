import { describe, expect, it } from "vitest";
import { memberNumberOf, parseReference, paymentReference, upiLink } from "./reference.ts";

const payee = {
  address: "isgpb.membership@exampleupi",
  payeeName: "Indian Society of Genetics and Plant Breeding",
};

describe("payment references", () => {
  it("name the application or member id and the period", () => {
    expect(paymentReference("EN-1A2B3C4D5E", "2026-27")).toBe("ISGPB-EN-1A2B3C4D5E-2026-27");
    expect(paymentReference(memberNumberOf("EN-1A2B3C4D5E"), "L2")).toBe("ISGPB-M-1A2B3C4D5E-L2");
  });

  it("read back to the application whichever id they carry", () => {
    expect(parseReference("ISGPB-EN-1A2B3C4D5E-2026-27")).toEqual({
      application: "EN-1A2B3C4D5E",
      period: "2026-27",
    });
    expect(parseReference("isgpb-m-1a2b3c4d5e-l3")).toEqual({ application: "EN-1A2B3C4D5E", period: "L3" });
    for (const wrong of ["ISGPB-EN-1A2B3C4D5E", "ISGPB-X-1A2B3C4D5E-2026-27", "ISGPB-EN-1A2B-2026-27", ""])
      expect(parseReference(wrong)).toBeNull();
  });
});

describe("the UPI link", () => {
  it("carries the payee, the exact amount, rupees and the reference as the note", () => {
    expect(upiLink(payee, 1500, "ISGPB-EN-1A2B3C4D5E-2026-27")).toBe(
      "upi://pay?pa=isgpb.membership@exampleupi&pn=Indian%20Society%20of%20Genetics%20and%20Plant%20Breeding&am=1500.00&cu=INR&tn=ISGPB-EN-1A2B3C4D5E-2026-27",
    );
  });

  it("leaves the amount to the payer while the fee is to be announced", () => {
    const link = new URL(upiLink(payee, null, "ISGPB-M-1A2B3C4D5E-L1"));
    expect(link.searchParams.has("am")).toBe(false);
    expect(link.searchParams.get("tn")).toBe("ISGPB-M-1A2B3C4D5E-L1");
  });
});
