import { readFileSync } from "node:fs";
import path from "node:path";
import { screen, within } from "@testing-library/react";
import type { ComponentProps } from "react";
import { describe, expect, it } from "vitest";
import { ContentError, parseContent } from "#server/content/page-content.server.ts";
import { STATIC_PAGES } from "#server/prerender-paths.server.ts";
import { privacyNoticeVersion } from "#shared/privacy-notice.ts";
import { renderAt } from "#tests/support/render-route.tsx";
import Privacy, { loader } from "./privacy.tsx";

function renderPrivacy() {
  const props = { loaderData: loader() } as unknown as ComponentProps<typeof Privacy>;
  return renderAt(<Privacy {...props} />, "/privacy");
}

describe("the privacy notice", () => {
  it("says in plain words what is collected, why, who sees it, how long it is kept, how to download or erase it, and whom to write to", () => {
    renderPrivacy();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Privacy notice");
    const contents = screen.getByRole("navigation", { name: "Contents" });
    expect(
      within(contents)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual([
      "What we collect",
      "Why we use it",
      "Who sees it",
      "How long we keep it",
      "Download, correct or erase your data",
      "Whom to write to",
    ]);
    expect(screen.getByText(/Digital Personal Data Protection Act, 2023/)).toBeInTheDocument();
    const rights = screen.getByRole("region", { name: "Download, correct or erase your data" });
    expect(rights).toHaveTextContent(/"My data"/);
    expect(rights).toHaveTextContent(/close your account/);
    const write = screen.getByRole("region", { name: "Whom to write to" });
    expect(within(write).getByRole("link", { name: "secretary@example.org" })).toHaveAttribute(
      "href",
      "mailto:secretary@example.org",
    );
    expect(write).toHaveTextContent("Pusa Campus, New Delhi 110012");
  });

  it("carries the version each application records, and is prerendered", () => {
    renderPrivacy();
    expect(screen.getByText(/^Version of /)).toHaveAttribute("data-privacy-version", privacyNoticeVersion);
    expect(STATIC_PAGES).toContain("/privacy");
  });

  it("is refused by the build when its version is not the one applications record", () => {
    const text = readFileSync(path.resolve("content", "privacy.yaml"), "utf8");
    expect(() => parseContent("privacy.yaml", text)).not.toThrow();
    const other = text.replace(`version: "${privacyNoticeVersion}"`, 'version: "2020-01-01"');
    expect(other).not.toBe(text);
    expect(() => parseContent("privacy.yaml", other)).toThrow(ContentError);
    expect(() => parseContent("privacy.yaml", other)).toThrow(/version/);
  });
});
