import { describe, expect, it } from "vitest";
import { attributesQuoted } from "./markup-shape.ts";

describe("attributesQuoted", () => {
  it("writes bare attributes with an empty value, as the form refill expects", () => {
    expect(attributesQuoted('<input type="hidden" name="token" value/>')).toBe(
      '<input type="hidden" name="token" value=""/>',
    );
    expect(attributesQuoted('<input id="q" required class="c">')).toBe(
      '<input id="q" required="" class="c">',
    );
    expect(attributesQuoted("<option selected>One</option>")).toBe('<option selected="">One</option>');
  });

  it("keeps values with spaces whole and escapes a `>` inside one", () => {
    expect(attributesQuoted('<img alt="a > b, c d" title="x y">')).toBe(
      '<img alt="a &gt; b, c d" title="x y">',
    );
  });

  it("drops React's suppressHydrationWarning, which is not an HTML attribute", () => {
    expect(attributesQuoted("<strong data-application-id suppressHydrationWarning>x</strong>")).toBe(
      '<strong data-application-id="">x</strong>',
    );
  });

  it("leaves text, closing tags and comments alone", () => {
    const html = "<p>1 &lt; 2 and 3 > 2: a b</p><!-- note --></div>";
    expect(attributesQuoted(html)).toBe(html);
  });
});
