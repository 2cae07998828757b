/**
 * A whole number with Indian digit grouping ("2,100", "12,34,567"), as `toLocaleString("en-IN")`
 * writes it. Written by hand because the browser's first Intl number format loads its locale
 * data: 40 to 60 ms of main thread on a fast machine, in the middle of hydration (decision 0020).
 * Fractions are rounded to whole numbers: the site shows counts and rupee amounts only.
 */
export function formatIndianNumber(value: number): string {
  const whole = Math.round(Math.abs(value));
  const digits = String(whole);
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ",");
  const grouped = rest ? `${rest},${last3}` : last3;
  return value < 0 && whole !== 0 ? `-${grouped}` : grouped;
}
