import { Download } from "lucide-react";
import { EXPORT_PER_HOUR } from "../../../shared/schemas/account";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { errorMessage, hasErrorCode } from "../../lib/api";
import { AccountSection, sectionTitle } from "./account-section";
import { EXPORT_URL, useDownloadExport } from "./use-account";

const FALLBACK_FILE_NAME = "account-export.zip";
/** Long enough for the browser to have started saving the file before its address is released. */
const RELEASE_AFTER_MS = 60_000;

/** The hourly limit in the page's words (the server's 429 is generic); any other refusal as the server says. */
function describeRefusal(error: unknown): string {
  if (hasErrorCode(error, "rate_limited")) {
    return `You have downloaded your data ${EXPORT_PER_HOUR} times in the last hour. Please try again later.`;
  }
  return errorMessage(error);
}

/** Hands a file read into memory to the browser's download, as a link with `download` would. */
function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}

/** The data export: a ZIP of what the account holds, downloaded here (a few times an hour). */
export function DataSection() {
  const download = useDownloadExport();

  return (
    <AccountSection
      id="your-data"
      title={sectionTitle("your-data")}
      description="A copy of what we hold about you, to keep or to take elsewhere."
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p>The download is a ZIP file:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <span className="font-medium">account.json</span>: your account and profile, compliance records,
            listings, deal requests, reviews and disputes, saved listings and searches, alert settings, your
            SMS number with its consent records and texts, your sessions, subscription and boosts.
          </li>
          <li>
            <span className="font-medium">listings.csv</span>, for buyers: your listings in the columns of a
            listing import, one row each.
          </li>
        </ul>
        <p>You can download it {EXPORT_PER_HOUR} times an hour.</p>
        <FormAlert>{download.isError && describeRefusal(download.error)}</FormAlert>
        {/* A real link to the export, so it works even before the page's script runs; the script reads
            the file first instead, so that a refusal is shown here rather than saved as the file. */}
        <Button asChild variant="secondary">
          <a
            href={EXPORT_URL}
            download
            aria-disabled={download.isPending || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (download.isPending) return;
              download.mutate(undefined, {
                onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? FALLBACK_FILE_NAME),
              });
            }}
          >
            <Download className="h-4 w-4" aria-hidden />
            {download.isPending ? "Preparing your data..." : "Download my data"}
          </a>
        </Button>
        <p role="status" className="font-medium text-green-800">
          {download.isSuccess && "Your data is downloaded. Look for it in your browser's downloads."}
        </p>
      </div>
    </AccountSection>
  );
}
