// The teacher's view of a student's revisions (GET /students/:id/drafts?sessionId=…): the student's drafts of
// one assignment handed in through its link, oldest first (hidden ones included, marked), each with its final
// (reviewed) scores once graded, and for each pair of consecutive drafts the sentence diff, which 첨삭 marks of
// the earlier one were addressed and the score change per category (_shared/draft-changes.ts). Runs as the
// caller: another teacher's student or assignment is a 404.
import { z } from "zod";
import { compareDrafts, type DraftComparison, type GradedDraft } from "../../_shared/draft-changes.ts";
import { adminSql } from "../lib/db.ts";
import { HttpError } from "../lib/errors.ts";
import { iso, json } from "../lib/http.ts";
import { idParams } from "../lib/params.ts";
import { defineRoute, type Route } from "../lib/types.ts";
import { loadReviewedReport } from "./queries.ts";

const M = {
  studentNotFound: "학생을 찾을 수 없습니다.",
  sessionRequired: "과제를 선택해 주세요.",
  sessionNotFound: "과제를 찾을 수 없습니다.",
};

export interface TeacherDraft {
  id: string;
  draftNumber: number;
  submittedAt: string;
  status: string;
  hidden: boolean;
  reviewed: boolean;
  overallScore: number | null;
  maxScore: number | null;
  text: string;
}

export interface StudentDrafts {
  drafts: TeacherDraft[];
  /** comparisons[i]: from drafts[i] to drafts[i + 1]. */
  comparisons: (DraftComparison & { from: number; to: number })[];
}

const sessionQuery = z.guid({ error: M.sessionRequired });

export const routes: Route[] = [
  defineRoute({
    method: "GET",
    path: "/students/:id/drafts",
    auth: "user",
    params: idParams(M.studentNotFound),
    handler: async (ctx) => {
      const sessionId = sessionQuery.safeParse(ctx.url.searchParams.get("sessionId") ?? "");
      if (!sessionId.success) throw new HttpError(400, M.sessionRequired);
      const rows = await ctx.asCaller(async (sql) => {
        const [student] = await sql`select id from public.students where id = ${ctx.params.id}`;
        if (!student) throw new HttpError(404, M.studentNotFound);
        const [session] = await sql`select id from public.analysis_sessions where id = ${sessionId.data} and user_id = ${ctx.user.id}`;
        if (!session) throw new HttpError(404, M.sessionNotFound);
        return await sql<
          { id: string; draft_number: number; submitted_at: Date; status: string; hidden: boolean; essay_content: string }[]
        >`
          select e.id, d.draft_number, e.submitted_at, e.status, d.hidden, e.essay_content
            from public.essay_drafts d join public.essay_submissions e on e.id = d.submission_id
           where d.student_id = ${ctx.params.id} and d.session_id = ${sessionId.data}
           order by d.draft_number`;
      });
      const drafts: TeacherDraft[] = [];
      const graded: GradedDraft[] = [];
      for (const r of rows) {
        // The caller owns these rows (checked above as the caller); the report is read as for the teacher.
        const report = await loadReviewedReport(adminSql, r.id, ctx.user.id).catch((err) => {
          if (err instanceof HttpError) return null;
          throw err;
        });
        drafts.push({
          id: r.id,
          draftNumber: r.draft_number,
          submittedAt: iso(r.submitted_at)!,
          status: r.status,
          hidden: r.hidden,
          reviewed: !!report?.reviewedAt,
          overallScore: report?.overallScore ?? null,
          maxScore: report?.maxScore ?? null,
          text: report?.answer ?? r.essay_content,
        });
        graded.push({
          text: report?.answer ?? r.essay_content,
          overallScore: report?.overallScore ?? null,
          categories: report?.categories ?? [],
          annotations: report?.annotations ?? [],
        });
      }
      const comparisons = graded.slice(1).map((after, i) => ({
        from: drafts[i].draftNumber,
        to: drafts[i + 1].draftNumber,
        ...compareDrafts(graded[i], after),
      }));
      const body: StudentDrafts = { drafts, comparisons };
      return json(body);
    },
  }),
];
