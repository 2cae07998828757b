import { renderSVG } from "uqr";

/**
 * A UPI QR code as inline SVG, made on the server (the page's script never carries a QR encoder),
 * labelled for screen readers. The label is our own text; quotes and markup are dropped anyway.
 */
export function paymentQrSvg(link: string, label: string): string {
  const svg = renderSVG(link, { ecc: "M", border: 2, pixelSize: 4 });
  const safe = label.replace(/[&<>"']/g, "");
  return svg.replace(/^<svg\b/, `<svg role="img" aria-label="${safe}" width="180" height="180"`);
}
