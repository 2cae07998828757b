/**
 * Puts the prerendered markup in the one shape the code that edits it relies on (the refill of a
 * refused plain form, src/server/forms/fill-form.server.ts, and the edge functions' placeholders):
 * every attribute written as name="value", and no `>` inside a tag.
 *
 * The build renders with Preact's renderer (decision 0020), which writes an empty or boolean
 * attribute bare (`value`, `required`), leaves `>` unescaped in attribute values, and writes
 * React's `suppressHydrationWarning` out as an attribute; React itself does none of these. The
 * markup is otherwise the renderer's own: text is escaped, and every value is double-quoted.
 */

// A start tag whose attributes are all `name` or `name="value"`: what both renderers write.
const START_TAG = /<([a-zA-Z][\w-]*)((?:\s+[^\s"'<>/=]+(?:="[^"]*")?)*)(\s*\/?)>/g;
const ATTRIBUTE = /\s+([^\s"'<>/=]+)(?:="([^"]*)")?/g;

/** React-only props that no renderer should write into the page. */
const NOT_ATTRIBUTES = new Set(["suppressHydrationWarning"]);

export function attributesQuoted(html: string): string {
  return html.replace(START_TAG, (_tag, name: string, attributes: string, end: string) => {
    const written = attributes.replace(ATTRIBUTE, (_attribute, key: string, value: string | undefined) =>
      NOT_ATTRIBUTES.has(key) ? "" : ` ${key}="${(value ?? "").replaceAll(">", "&gt;")}"`,
    );
    return `<${name}${written}${end}>`;
  });
}
