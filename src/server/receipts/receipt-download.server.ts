import { renderReceiptPdf } from "./receipt-pdf.server.ts";
import { numberOfFile, ownReceipt, receiptFileName } from "./receipts.server.ts";

/**
 * The answer to a member's download of a receipt: the PDF, drawn now from the receipt's record (so
 * a refunded receipt says so), or 404 when the file names no receipt of this account's.
 */
export async function receiptPdfResponse(accountId: string, file: string): Promise<Response> {
  const number = numberOfFile(file);
  const receipt = number ? await ownReceipt(accountId, number) : null;
  if (!receipt)
    return new Response("There is no such receipt.", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  const pdf = await renderReceiptPdf(receipt);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${receiptFileName(receipt.number)}"`,
      // A member's own record: never kept by a shared cache.
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
