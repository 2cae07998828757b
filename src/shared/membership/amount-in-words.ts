/**
 * A rupee amount in words as an Indian receipt writes it, grouped in the Indian way (crore, lakh,
 * thousand, hundred): 1,25,500 is "One lakh twenty-five thousand five hundred rupees only". Whole
 * rupees only: the society's fees have no paise. Written here (not a package) because it is short
 * and its tests say exactly what a receipt prints.
 */
const ONES = [
  "",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** 0 to 99 in words ("" for 0). */
function belowHundred(value: number): string {
  if (value < 20) return ONES[value] ?? "";
  const tens = TENS[Math.floor(value / 10)] ?? "";
  const ones = value % 10;
  return ones === 0 ? tens : `${tens}-${ONES[ones]}`;
}

/** 0 to 999 in words ("" for 0). */
function belowThousand(value: number): string {
  const hundreds = Math.floor(value / 100);
  const rest = belowHundred(value % 100);
  if (hundreds === 0) return rest;
  return [`${ONES[hundreds]} hundred`, rest].filter(Boolean).join(" ");
}

/** A whole number of rupees, 0 or more, in words, without "rupees". */
export function numberInIndianWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a whole amount: ${value}`);
  if (value === 0) return "zero";
  const crore = Math.floor(value / 10_000_000);
  const lakh = Math.floor((value % 10_000_000) / 100_000);
  const thousand = Math.floor((value % 100_000) / 1000);
  const rest = value % 1000;
  return [
    // Beyond 99 crore, the crores are counted in the same way ("one hundred crore").
    crore > 0 ? `${numberInIndianWords(crore)} crore` : "",
    lakh > 0 ? `${belowHundred(lakh)} lakh` : "",
    thousand > 0 ? `${belowHundred(thousand)} thousand` : "",
    belowThousand(rest),
  ]
    .filter(Boolean)
    .join(" ");
}

/** "Rupees one thousand five hundred only", as a receipt says the amount in words. */
export function rupeesInWords(value: number): string {
  return `Rupees ${numberInIndianWords(value)} only`;
}
