// The rubric library and the comment bank, read by the session setup (평가 기준 불러오기, 이 기준 저장), the
// review (★ and saved comments) and the 평가 기준 보관함 page: one query-key family and one fetch per operation.
// Lists depend on the space (personal or an organisation), so their keys carry the active organisation.
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { readActiveOrgId } from "@/lib/active-org";
import { useInvalidatingMutation } from "@/lib/mutation";
import type { CommentInput, LibraryRubric, RubricInput, RubricPatch, SavedComment } from "@shared/library.ts";

/** The active organisation's id (null = the personal space); the API client sends it as X-Org-Id. */
export const activeOrgId = readActiveOrgId;

export const libraryKeys = {
  all: ["library"] as const,
  rubrics: (org: string | null) => [...libraryKeys.all, "rubrics", org ?? "personal"] as const,
  comments: (org: string | null) => [...libraryKeys.all, "comments", org ?? "personal"] as const,
};

export const getRubrics = () => api.get<{ rubrics: LibraryRubric[] }>("/rubrics").then((r) => r.rubrics);
export const getComments = () => api.get<{ comments: SavedComment[] }>("/comments").then((r) => r.comments);

/** Built-in templates, mine and the active organisation's rubrics. */
export function useRubrics(enabled = true) {
  return useQuery({ queryKey: libraryKeys.rubrics(activeOrgId()), queryFn: getRubrics, enabled });
}

/** My saved comments and the active organisation's, newest first. */
export function useSavedComments(enabled = true) {
  return useQuery({ queryKey: libraryKeys.comments(activeOrgId()), queryFn: getComments, enabled });
}

type Saved<K extends string, T> = { [key in K]: T } & { message: string };

export function useCreateRubric() {
  return useInvalidatingMutation(
    (body: RubricInput) => api.post<Saved<"rubric", LibraryRubric>>("/rubrics", body),
    () => [libraryKeys.all],
  );
}

export function useUpdateRubric() {
  return useInvalidatingMutation(
    ({ id, body }: { id: string; body: RubricPatch }) =>
      api.patch<Saved<"rubric", LibraryRubric>>(`/rubrics/${encodeURIComponent(id)}`, body),
    () => [libraryKeys.all],
  );
}

export function useDeleteRubric() {
  return useInvalidatingMutation(
    (id: string) => api.delete<{ message: string }>(`/rubrics/${encodeURIComponent(id)}`),
    () => [libraryKeys.all],
  );
}

export function useSaveComment() {
  return useInvalidatingMutation(
    (body: CommentInput) => api.post<Saved<"comment", SavedComment>>("/comments", body),
    () => [libraryKeys.all],
  );
}

export function useDeleteComment() {
  return useInvalidatingMutation(
    (id: string) => api.delete<{ message: string }>(`/comments/${encodeURIComponent(id)}`),
    () => [libraryKeys.all],
  );
}
