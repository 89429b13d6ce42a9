import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ADMIN_MESSAGES, importedListingsMessage } from "../../../shared/constants";
import type { ImportReport, ListingImportStatus } from "../../../shared/schemas/listing-import";
import { toast, toastError } from "../../components/ui/use-toast";
import { ApiError, apiRequest } from "../../lib/api";
import { withQuery } from "./use-admin-list";
import { STATS_PATH } from "./use-admin-stats";

// The CSV import's calls: a dry run, then the import, each under an id the client picks so
// the screen can poll its progress while the upload runs, and find it again after leaving the page.

const IMPORT_PATH = "/api/admin/buyer-listings/import-csv";
const IMPORTS_PATH = "/api/admin/buyer-listings/imports";
export const EXPORT_URL = "/api/admin/buyer-listings/export.csv";
// Progress is the one read that polls (the app's reads otherwise never refetch on their own).
const POLL_MS = 500;

export interface ImportInput {
  file: Blob;
  fileName: string;
  buyerId: string | null;
}

function importUrl(input: ImportInput, importId: string, dryRun: boolean): string {
  return withQuery(IMPORT_PATH, {
    dryRun: dryRun ? "1" : "",
    buyerId: input.buyerId ?? "",
    importId,
    fileName: input.fileName,
  });
}

/** A refused import's 400 carries the same report as a dry run: the rows and what is wrong with them. */
export function refusedReport(error: unknown): ImportReport | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  try {
    const body = JSON.parse(error.body) as Partial<ImportReport>;
    return Array.isArray(body.errors) && typeof body.rowCount === "number" ? (body as ImportReport) : null;
  } catch {
    return null;
  }
}

/**
 * The progress of the import this screen started, polled while `active`. It reads the admin's latest
 * import (always a 200) rather than the import by id, which is a 404 until the server has begun it.
 */
function useImportStatus(importId: string | null, active: boolean) {
  const url = `${IMPORTS_PATH}/latest`;
  const query = useQuery({
    queryKey: [IMPORTS_PATH, url, importId],
    queryFn: () => apiRequest<{ import: ListingImportStatus | null }>("GET", url),
    enabled: importId !== null && active,
    refetchInterval: active ? POLL_MS : false,
    staleTime: 0,
  });
  const status = query.data?.import;
  return status && status.id === importId ? status : null;
}

const isRunning = (status: ListingImportStatus | null | undefined) =>
  status?.status === "running" || status?.status === "writing";

/** The admin's latest import: polled while it runs, so a page opened mid-import follows it to the end. */
export function useLatestImport() {
  const url = `${IMPORTS_PATH}/latest`;
  return useQuery({
    queryKey: [IMPORTS_PATH, url],
    queryFn: () => apiRequest<{ import: ListingImportStatus | null }>("GET", url),
    refetchInterval: (query) => (isRunning(query.state.data?.import) ? POLL_MS : false),
    staleTime: 0,
  });
}

/** The dry run and the import. The import's ending (toast, fresh lists) happens even if the dialog closed. */
export function useListingImport(onImported: () => void) {
  const queryClient = useQueryClient();
  const [importId, setImportId] = useState<string | null>(null);
  const start = () => {
    const id = crypto.randomUUID();
    setImportId(id);
    return id;
  };
  const check = useMutation({
    mutationFn: (input: ImportInput) =>
      apiRequest<ImportReport>("POST", importUrl(input, start(), true), input.file),
  });
  const run = useMutation({
    mutationFn: (input: ImportInput) =>
      apiRequest<{ imported: number }>("POST", importUrl(input, start(), false), input.file),
    onSuccess: ({ imported }) => {
      toast({ title: ADMIN_MESSAGES.success, description: importedListingsMessage(imported) });
      onImported();
    },
    onError: (error) => {
      if (!refusedReport(error)) toastError(error, ADMIN_MESSAGES.importFailed);
    },
    onSettled: () =>
      Promise.all(
        [
          IMPORTS_PATH,
          "/api/admin/buyer-listings",
          "/api/admin/buyer-profiles",
          STATS_PATH,
          "/api/buyer-listings",
        ].map((path) => queryClient.invalidateQueries({ queryKey: [path] })),
      ),
  });
  const pending = check.isPending || run.isPending;
  const status = useImportStatus(importId, pending);
  return { check, run, pending, importId, status: pending ? status : null };
}
