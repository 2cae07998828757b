import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { paymentQr } from "./payment-qr.server.ts";

/** The modules the path paints, read back from its rectangles (`M x y h n v1 h-n z`). */
function paintedModules(path: string, size: number): boolean[][] {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const rectangles = [...path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  // Nothing in the path but those rectangles, each as wide going back as forth.
  expect(rectangles.map(([whole]) => whole).join("")).toBe(path);
  for (const [, x, y, width, back] of rectangles) {
    expect(back).toBe(width);
    for (let dx = 0; dx < Number(width); dx += 1) {
      const row = grid[Number(y)];
      expect(row?.[Number(x) + dx]).toBe(false);
      if (row) row[Number(x) + dx] = true;
    }
  }
  return grid;
}

describe("paymentQr", () => {
  const link = "upi://pay?pa=isgpb@examplebank&pn=ISGPB&cu=INR&tn=ISGPB%20membership%20fee";

  it("paints exactly the encoder's dark modules, quiet zone included", () => {
    const { data, size } = encode(link, { ecc: "M", border: 2 });
    const qr = paymentQr(link);
    expect(qr.size).toBe(size);
    expect(paintedModules(qr.path, size)).toEqual(data);
  });

  it("draws each run of dark modules in a row as one rectangle", () => {
    const { data } = encode(link, { ecc: "M", border: 2 });
    const runs = data.flatMap((row) => row.filter((dark, x) => dark && !row[x - 1])).length;
    expect(paymentQr(link).path.match(/M/g)).toHaveLength(runs);
  });
});
