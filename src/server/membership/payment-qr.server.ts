import { encode } from "uqr";

/** A QR code as the page draws it: its size in modules, and one SVG path of its dark modules. */
export type QrCode = { size: number; path: string };

/**
 * A UPI QR code, encoded on the server (the page's script never carries a QR encoder) and drawn
 * by the page as an <svg> with this path, with a quiet zone of two modules around it.
 */
export function paymentQr(link: string): QrCode {
  const { data, size } = encode(link, { ecc: "M", border: 2 });
  const path: string[] = [];
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path.push(`M${x} ${y}h1v1h-1z`);
    });
  });
  return { size, path: path.join("") };
}
