import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { formatDay } from "#shared/format-date.ts";
import { formatIndianNumber } from "#shared/format-number.ts";
import { rupeesInWords } from "#shared/membership/amount-in-words.ts";
import type { ReceiptDocument } from "./receipts.server.ts";

/**
 * A receipt as a PDF (decision 0055), drawn on the server with pdf-lib from the receipt's data
 * alone: the download and the e-mail's attachment are the same document. pdf-lib carries the PDF
 * standard fonts in its own code, so a receipt draws the same in the site's server function and in
 * each Netlify function, with no font file to find at run time. Helvetica has no rupee sign and
 * only Latin letters: amounts are written "Rs.", and a character it cannot draw is printed "?"
 * (the member's name as typed stays in the records). The document's title is the receipt's number,
 * which a reader's window shows (and the tests read).
 */

const rupees = (amount: number) => `Rs. ${formatIndianNumber(amount)}`;

/** The receipt's lines, label and value, in the order printed. */
export function receiptRows(receipt: ReceiptDocument): [string, string][] {
  return [
    ["Receipt number", receipt.number],
    ["Date of receipt", formatDay(receipt.issuedOn)],
    ["Received from", receipt.name],
    ["Membership number", receipt.memberNo],
    ["Towards", receipt.paidFor],
    [
      "Amount",
      receipt.amount === null ? "Not stated (the fee was still to be announced)" : rupees(receipt.amount),
    ],
    ...(receipt.amount === null
      ? []
      : ([["Amount in words", rupeesInWords(receipt.amount)]] as [string, string][])),
    ["Money received on", formatDay(receipt.receivedOn)],
    ["Payment reference", receipt.reference],
    ...(receipt.paymentId
      ? ([["Payment id / bank reference", receipt.paymentId]] as [string, string][])
      : []),
  ];
}

const NOTE =
  "This receipt was issued by the society's website when the payment was recorded, and needs no signature. Its number is never given to another payment.";

// A4 in points, and the page's layout.
const [WIDTH, HEIGHT] = [595.28, 841.89];
const MARGIN = 48;
const LABEL_WIDTH = 150;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.27, 0.27, 0.27);
const RULE = rgb(0.8, 0.8, 0.8);
const REFUNDED = rgb(0.61, 0.11, 0.11);

/** The text with every character the font cannot draw replaced by "?". */
function drawable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text.normalize("NFC")]
    .map((char) => (known.has(char.codePointAt(0) ?? 0) ? char : "?"))
    .join("");
}

/** The text broken into lines no wider than `width` at `size`, at spaces where it can be. */
function wrapped(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tried = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(tried, size) <= width || !line) line = tried;
    else {
      lines.push(line);
      line = word;
    }
  }
  return line ? [...lines, line] : lines;
}

type Pen = { page: PDFPage; y: number };

function centred(pen: Pen, font: PDFFont, text: string, size: number, color = INK) {
  for (const line of wrapped(font, drawable(font, text), size, WIDTH - 2 * MARGIN)) {
    pen.y -= size * 1.3;
    const x = (WIDTH - font.widthOfTextAtSize(line, size)) / 2;
    pen.page.drawText(line, { x, y: pen.y, size, font, color });
  }
}

/** The receipt's PDF, as bytes. */
export async function renderReceiptPdf(receipt: ReceiptDocument): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Receipt ${receipt.number}`);
  pdf.setSubject(`${receipt.society.name}: receipt ${receipt.number}`);
  pdf.setAuthor(receipt.society.name);
  pdf.setCreator(receipt.society.name);
  pdf.setProducer(receipt.society.name);
  pdf.setLanguage("en-IN");
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const pen: Pen = { page: pdf.addPage([WIDTH, HEIGHT]), y: HEIGHT - MARGIN };

  centred(pen, bold, receipt.society.name, 16);
  centred(pen, regular, receipt.society.registration, 9, GREY);
  pen.y -= 18;
  centred(pen, bold, "Receipt", 13);
  if (receipt.refundedOn) {
    pen.y -= 10;
    centred(pen, bold, `Refunded on ${formatDay(receipt.refundedOn)}`, 11, REFUNDED);
  }

  const size = 11;
  const valueWidth = WIDTH - 2 * MARGIN - LABEL_WIDTH;
  pen.y -= 20;
  pen.page.drawLine({ start: { x: MARGIN, y: pen.y }, end: { x: WIDTH - MARGIN, y: pen.y }, color: RULE });
  for (const [label, value] of receiptRows(receipt)) {
    const lines = wrapped(regular, drawable(regular, value), size, valueWidth);
    const top = pen.y - 6;
    pen.page.drawText(label, { x: MARGIN, y: top - size, size, font: regular, color: GREY });
    lines.forEach((line, index) => {
      pen.page.drawText(line, {
        x: MARGIN + LABEL_WIDTH,
        y: top - size - index * size * 1.3,
        size,
        font: regular,
        color: INK,
      });
    });
    pen.y = top - size - (lines.length - 1) * size * 1.3 - 6;
    pen.page.drawLine({ start: { x: MARGIN, y: pen.y }, end: { x: WIDTH - MARGIN, y: pen.y }, color: RULE });
  }

  pen.y -= 24;
  for (const line of wrapped(regular, NOTE, 9, WIDTH - 2 * MARGIN)) {
    pen.y -= 9 * 1.3;
    pen.page.drawText(line, { x: MARGIN, y: pen.y, size: 9, font: regular, color: GREY });
  }
  return Buffer.from(await pdf.save());
}
