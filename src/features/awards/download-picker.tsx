import { useId, useState } from "react";
import { useHydrated } from "#components/layout/use-hydrated.ts";
import type { Award } from "#shared/schemas/awards.ts";
import styles from "./awards.module.css";

type Props = { awardName: string; downloads: Award["downloads"] };

/**
 * Choose a document, then download it. The form GETs /download?file=..., which redirects to the
 * file (src/app/routes/download.tsx), so it works without JavaScript too; there the select's `required`
 * stands in for the disabled button.
 */
export function DownloadPicker({ awardName, downloads }: Props) {
  const hydrated = useHydrated();
  const [file, setFile] = useState("");
  const selectId = useId();
  return (
    <form method="get" action="/download" className={styles.downloads}>
      <label htmlFor={selectId}>
        Documents<span className="visually-hidden"> for the {awardName}</span>
      </label>
      <select
        id={selectId}
        name="file"
        required
        value={file}
        onChange={(event) => setFile(event.target.value)}
      >
        <option value="">Select a document</option>
        {downloads.map((download) => (
          // A file of the site by its name; one on Contentful's CDN by its address (routes/download.tsx).
          <option key={download.href} value={download.href.replace(/^\/downloads\//, "")}>
            {download.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={hydrated && file === ""}>
        Download<span className="visually-hidden"> the chosen document for the {awardName}</span>
      </button>
    </form>
  );
}
