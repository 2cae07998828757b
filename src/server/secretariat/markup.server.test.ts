import { describe, expect, it } from "vitest";
import { markup, trusted } from "./markup.server.ts";

describe("markup", () => {
  it("escapes every value but markup of its own", () => {
    const name = `<script>alert("x")</script> & 'co'`;
    const out = markup`<p title="${name}">${name}${markup`<b>${"<i>"}</b>`}${trusted("<hr>")}</p>`;
    expect(out.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;<b>&lt;i&gt;</b><hr></p>',
    );
  });

  it("joins lists and leaves out null, undefined and false", () => {
    const items = ["a", "<b>"].map((item) => markup`<li>${item}</li>`);
    expect(markup`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe(
      "<ul><li>a</li><li>&lt;b&gt;</li></ul>0",
    );
  });
});
