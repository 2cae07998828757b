import { encode } from "uqr";
import { upiLink } from "#shared/membership/reference.ts";

/** A QR code as the page draws it: its size in modules, and one SVG path of its dark modules. */
export type QrCode = { size: number; path: string };

/**
 * A UPI QR code, encoded on the server (the page's script never carries a QR encoder) and drawn
 * by the page as an <svg> with this path, with a quiet zone of two modules around it.
 *
 * Each run of dark modules in a row is one rectangle, not one square per module: the path is in
 * the page twice (the drawing, and the loader data it hydrates from), and runs make it half as long.
 */
export function paymentQr(link: string): QrCode {
  const { data, size } = encode(link, { ecc: "M", border: 2 });
  const path: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (row[x]) x += 1;
      const run = x - start;
      path.push(`M${start} ${y}h${run}v1h-${run}z`);
    }
  });
  return { size, path: path.join("") };
}

/** The note of the enrolment page's QR code: the applicant types the fee and quotes their reference. */
export const PAYEE_QR_NOTE = "ISGPB membership fee";

/**
 * The enrolment page's QR code: the society's UPI payee with no amount, made from the content's
 * UPI details on each render, so it always shows the payee the content names.
 */
export const payeeQr = (payee: { address: string; payeeName: string }): QrCode =>
  paymentQr(upiLink(payee, null, PAYEE_QR_NOTE));
