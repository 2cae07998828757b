import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { renderReceiptPdf } from "./receipt-pdf.server.ts";
import type { ReceiptDocument } from "./receipts.server.ts";

const receipt: ReceiptDocument = {
  number: "ISGPB/2026-27/000042",
  society: {
    name: "Indian Society of Genetics and Plant Breeding",
    registration: "Registered in 1951 under the Societies Registration Act XXI of 1860",
  },
  issuedOn: "2026-12-08",
  name: "Dr. Kavya Menon",
  memberNo: "L-0042",
  paidFor: "Life membership fee, instalment 2",
  amount: 125000,
  receivedOn: "2026-12-07",
  reference: "ISGPB-M-0A1B2C3D4E-L2",
  paymentId: "pay_Sample0000000001",
  refundedOn: null,
};

describe("a receipt's PDF", () => {
  it("is one A4 page titled with the receipt's number", async () => {
    const pdf = await PDFDocument.load(await renderReceiptPdf(receipt));
    expect(pdf.getTitle()).toBe("Receipt ISGPB/2026-27/000042");
    expect(pdf.getPageCount()).toBe(1);
  });

  it("draws a name in a script the standard font lacks, and a long line, without failing", async () => {
    const bytes = await renderReceiptPdf({
      ...receipt,
      name: "डॉ. अनीता वर्मा (Dr. Anita Verma)",
      paidFor: "Subscription ".repeat(30).trim(),
      refundedOn: "2026-12-08",
    });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });
});
