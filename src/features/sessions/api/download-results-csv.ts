import { useMutation } from "@tanstack/react-query";
import { api, saveBlob } from "@/lib/api-client";

export const DEFAULT_RESULTS_FILENAME = "채점결과.csv";

/** GET /sessions/{id}/results.csv → saves the CSV under the server's filename. */
export async function downloadResultsCsv(sessionId: string): Promise<{ filename: string; size: number }> {
  const { blob, filename } = await api.download(`/sessions/${encodeURIComponent(sessionId)}/results.csv`);
  const name = filename.toLowerCase().endsWith(".csv") ? filename : DEFAULT_RESULTS_FILENAME;
  saveBlob(blob, name);
  return { filename: name, size: blob.size };
}

export function useDownloadResultsCsv() {
  return useMutation({ mutationFn: downloadResultsCsv });
}
