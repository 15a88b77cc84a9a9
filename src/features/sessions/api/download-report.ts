import { useMutation } from "@tanstack/react-query";
import { api, saveBlob } from "@/lib/api-client";

export interface DownloadedReport {
  filename: string;
  size: number;
}

/** GET /submissions/{id}/report/download → saves the TXT under the server's filename. */
export async function downloadReport(submissionId: string): Promise<DownloadedReport> {
  const { blob, filename } = await api.download(`/submissions/${encodeURIComponent(submissionId)}/report/download`);
  saveBlob(blob, filename);
  return { filename, size: blob.size };
}

export function useDownloadReport() {
  return useMutation({ mutationFn: downloadReport });
}
