import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api, saveBlob } from "@/lib/api-client";
import type { ClassMatrix } from "@shared/growth.ts";

export const classMatrixKey = (classId: string) => ["classes", classId, "matrix"] as const;

/** GET /classes/{id}/matrix: the roster × the class's assignments, the averages, who has not handed in. */
export function getClassMatrix(classId: string) {
  return api.get<ClassMatrix>(`/classes/${encodeURIComponent(classId)}/matrix`);
}

export const classMatrixQueryOptions = (classId: string) =>
  queryOptions({ queryKey: classMatrixKey(classId), queryFn: () => getClassMatrix(classId) });

export function useClassMatrix(classId: string) {
  return useQuery(classMatrixQueryOptions(classId));
}

export const DEFAULT_CLASS_EXPORT_FILENAME = "반_성적.xlsx";

/** GET /classes/{id}/export.xlsx → saves the workbook under the server's (Korean) file name. */
export async function downloadClassExport(classId: string): Promise<{ filename: string }> {
  const { blob, filename } = await api.download(`/classes/${encodeURIComponent(classId)}/export.xlsx`);
  const name = filename.toLowerCase().endsWith(".xlsx") ? filename : DEFAULT_CLASS_EXPORT_FILENAME;
  saveBlob(blob, name);
  return { filename: name };
}

export function useDownloadClassExport() {
  return useMutation({ mutationFn: downloadClassExport });
}
