// Anchor answers (기준 답안) of a session: list, add (typed JSON or a txt/docx/pdf file read by
// files/ with the same limits and per-user storage bound as other uploads), delete. Up to 3 per
// session (also a database rule); they count toward no quota. The worker puts them in the fixed
// prefix of the session's prompts (grading/anchor-prompt.ts).
import { z } from "zod";
import { adminSql } from "../lib/db.ts";
import { type Ctx, defineRoute, type Route } from "../lib/types.ts";
import type { AuthUser } from "../lib/types.ts";
import { HttpError } from "../lib/errors.ts";
import { json, iso } from "../lib/http.ts";
import { uuidParam } from "../lib/params.ts";
import { checkFileMeta, type ReadFile, readUpload } from "../files/index.ts";
import { capText, fileField, textField } from "../files/form.ts";
import { objectPath, putObject, removeObjects } from "../lib/storage.ts";
import { lockSessionSetup, ownedSession, userId, writableSession } from "../lib/workspace/sessions.ts";
import { WORKSPACE_MESSAGES } from "../lib/workspace/messages.ts";
import { sessionRubric } from "../grading/rubric.ts";
import type { RubricCategory } from "../../_shared/grading.ts";
import { exceedsChars, MAX_ESSAY_CHARS } from "../../_shared/upload-rules.ts";
import {
  ANCHOR_EXTENSIONS,
  ANCHOR_MESSAGES as M,
  type AnchorAnswerJson,
  type AnchorListJson,
  MAX_ANCHORS,
  MIN_ANCHOR_CHARS,
} from "../../_shared/anchors.ts";

type SessionCtx = Ctx<{ id: string }, AuthUser>;
type AnchorCtx = Ctx<{ id: string; anchorId: string }, AuthUser>;

const sessionParams = z.object({ id: uuidParam(WORKSPACE_MESSAGES.sessionNotFound) });
const anchorParams = z.object({ id: uuidParam(WORKSPACE_MESSAGES.sessionNotFound), anchorId: uuidParam(M.notFound) });

export interface AnchorRow {
  id: string;
  content: string;
  total_score: string | number;
  category_scores: { name: string; score: number }[];
  filename: string | null;
  created_at: Date | string;
}

export function anchorJson(r: AnchorRow): AnchorAnswerJson {
  return {
    id: r.id,
    content: r.content,
    totalScore: Number(r.total_score),
    categoryScores: Array.isArray(r.category_scores) ? r.category_scores : [],
    filename: r.filename,
    createdAt: iso(r.created_at)!,
  };
}

/** The rubric anchors' scores refer to: the one the worker grades with (the teacher's edit, else the criteria). */
export function anchorRubric(s: { rubric?: unknown; criteria_content: string | null }): RubricCategory[] {
  return sessionRubric(s.rubric, s.criteria_content);
}

/** A score as sent: a finite number (or numeric string) with at most one decimal, else 400. */
function score(raw: unknown, missing: string): number {
  if (raw === undefined || raw === null || raw === "") throw new HttpError(400, missing);
  const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.length <= 20 ? Number(raw.trim()) : NaN;
  if (!Number.isFinite(n)) throw new HttpError(400, missing);
  if (Math.abs(Math.round(n * 10) - n * 10) > 1e-6) throw new HttpError(400, M.oneDecimal);
  return Math.round(n * 10) / 10;
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/**
 * Checks the scores against the session's rubric: total in [0, rubric total]; each category a
 * rubric category, once, in [0, its points]; when every category is given, their sum is the total.
 */
export function checkAnchorScores(
  totalRaw: unknown,
  categoriesRaw: unknown,
  rubric: RubricCategory[],
): { total: number; categories: { name: string; score: number }[] } {
  const max = rubric.reduce((s, c) => s + c.maxScore, 0);
  const total = score(totalRaw, M.totalRequired);
  if (total < 0 || total > max) throw new HttpError(400, M.totalRange(max));
  let list: unknown = categoriesRaw ?? [];
  if (typeof list === "string") {
    if (list.length > 10_000) throw new HttpError(400, M.badCategories);
    try {
      list = list.trim() ? JSON.parse(list) : [];
    } catch {
      throw new HttpError(400, M.badCategories);
    }
  }
  if (!Array.isArray(list) || list.length > rubric.length) throw new HttpError(400, M.badCategories);
  const seen = new Set<string>();
  const categories = list.map((item) => {
    if (!item || typeof item !== "object" || typeof (item as { name?: unknown }).name !== "string") {
      throw new HttpError(400, M.badCategories);
    }
    const name = (item as { name: string }).name.normalize("NFC").trim();
    const cat = rubric.find((c) => c.name === name);
    if (!cat) throw new HttpError(400, M.unknownCategory(name.slice(0, 40)));
    if (seen.has(name)) throw new HttpError(400, M.duplicateCategory(name));
    seen.add(name);
    const s = score((item as { score?: unknown }).score, M.categoryRange(name, cat.maxScore));
    if (s < 0 || s > cat.maxScore) throw new HttpError(400, M.categoryRange(name, cat.maxScore));
    return { name, score: s };
  });
  if (categories.length === rubric.length) {
    const sum = Math.round(categories.reduce((a, c) => a + c.score, 0) * 10) / 10;
    if (Math.abs(sum - total) > 0.05) throw new HttpError(400, M.sumMismatch(fmt(sum), fmt(total)));
  }
  return { total, categories };
}

/** The anchor text as typed: bounded before NFC, trimmed, ≥ 100 and ≤ 20,000 characters. */
function typedContent(raw: unknown): string {
  if (typeof raw !== "string" || !raw.trim()) throw new HttpError(400, M.contentMissing);
  capText(raw, MAX_ESSAY_CHARS * 3, M.tooLong);
  const text = raw.normalize("NFC").trim();
  capText(text, MAX_ESSAY_CHARS, M.tooLong);
  return text;
}

export function longEnough(text: string): void {
  if ([...text.trim()].length < MIN_ANCHOR_CHARS) throw new HttpError(400, M.tooShort);
}

async function listAnchors(ctx: SessionCtx): Promise<Response> {
  const s = await ownedSession(ctx, ctx.params.id);
  const rows = await ctx.asCaller(
    (sql) =>
      sql<AnchorRow[]>`
      select id, content, total_score, category_scores, filename, created_at
        from public.session_anchors where session_id = ${s.id}
       order by created_at, id`,
  );
  const body: AnchorListJson = { anchors: rows.map(anchorJson), max: MAX_ANCHORS, rubric: anchorRubric(s) };
  return json(body);
}

const jsonBody = z.object({
  content: z.unknown().optional(),
  totalScore: z.unknown().optional(),
  categoryScores: z.unknown().optional(),
});

async function countAnchors(sessionId: string): Promise<number> {
  const [row] = await adminSql<{ n: number }[]>`
    select count(*)::int as n from public.session_anchors where session_id = ${sessionId}`;
  return row.n;
}

async function addAnchor(ctx: SessionCtx): Promise<Response> {
  const uid = userId(ctx);
  const s = await writableSession(ctx, ctx.params.id);
  // Anchors are setup: refused while an answer is queued or being graded, like a rubric edit (early,
  // before reading a file; again under the lock when the row is written).
  await adminSql.begin((sql) => lockSessionSetup(sql, s.id, uid, true));
  const rubric = anchorRubric(s);
  const isMultipart = /^multipart\/form-data/i.test(ctx.req.headers.get("content-type") ?? "");

  let text: string;
  let file: ReadFile | null = null;
  let scores: ReturnType<typeof checkAnchorScores>;
  if (isMultipart) {
    const form = await ctx.form();
    const upload = fileField(form, "file");
    scores = checkAnchorScores(textField(form, "totalScore"), textField(form, "categoryScores"), rubric);
    if (upload) {
      const opts = { extensions: ANCHOR_EXTENSIONS, label: M.label };
      if (/\.(jpe?g|png|webp)$/i.test(upload.name)) throw new HttpError(400, M.imageNotAccepted);
      checkFileMeta(upload, opts);
      // Cheap refusal before reading a file that could not be kept.
      if ((await countAnchors(s.id)) >= MAX_ANCHORS) throw new HttpError(409, M.limit);
      file = await readUpload(upload, opts);
      text = file.text.normalize("NFC").trim();
      capText(text, MAX_ESSAY_CHARS, M.tooLong);
    } else {
      text = typedContent(textField(form, "content"));
    }
  } else {
    const body = await ctx.json(jsonBody);
    scores = checkAnchorScores(body.totalScore, body.categoryScores, rubric);
    text = typedContent(body.content);
  }
  longEnough(text);
  if (exceedsChars(text, MAX_ESSAY_CHARS)) throw new HttpError(413, M.tooLong);
  if ((await countAnchors(s.id)) >= MAX_ANCHORS) throw new HttpError(409, M.limit);

  const where = { ownerId: uid, sessionId: s.id };
  const path = file ? objectPath(uid, s.id, "anchor", file) : null;
  if (file && path) await putObject(path, file, where);
  try {
    // Server-written (users have no insert grant); the trigger re-checks the owner and the limit
    // under a lock on the session row, so concurrent adds cannot pass 3.
    const row = await adminSql.begin(async (sql) => {
      await lockSessionSetup(sql, s.id, uid, true);
      const [row] = await sql<AnchorRow[]>`
        insert into public.session_anchors
          (session_id, user_id, content, total_score, category_scores, filename, file_path, mime_type)
        values (${s.id}, ${uid}, ${text}, ${scores.total}, ${sql.json(scores.categories as never)},
                ${file?.originalName ?? null}, ${path}, ${file?.mimeType ?? null})
        returning id, content, total_score, category_scores, filename, created_at`;
      return row;
    });
    return json(anchorJson(row), 201);
  } catch (err) {
    if (path) await removeObjects([path], where);
    const code = (err as { code?: string; message?: string })?.code;
    if (code === "23514" && /anchor_limit/.test(String((err as Error).message))) throw new HttpError(409, M.limit);
    if (code === "23503") throw new HttpError(404, WORKSPACE_MESSAGES.sessionNotFound);
    throw err;
  }
}

async function deleteAnchor(ctx: AnchorCtx): Promise<Response> {
  const uid = userId(ctx);
  const s = await writableSession(ctx, ctx.params.id);
  const row = await adminSql.begin(async (sql) => {
    // Removing an anchor changes the setup like adding one (409 while answers are being graded).
    await lockSessionSetup(sql, s.id, uid, true);
    const [row] = await sql<{ file_path: string | null }[]>`
      delete from public.session_anchors
       where id = ${ctx.params.anchorId} and session_id = ${s.id} and user_id = ${uid}
      returning file_path`;
    return row;
  });
  if (!row) throw new HttpError(404, M.notFound);
  await removeObjects([row.file_path], { ownerId: uid, sessionId: s.id, roles: ["anchor"] });
  return json({ success: true, message: M.deleted });
}

export const routes: Route[] = [
  defineRoute({ method: "GET", path: "/sessions/:id/anchors", auth: "user", params: sessionParams, handler: listAnchors }),
  defineRoute({ method: "POST", path: "/sessions/:id/anchors", auth: "user", params: sessionParams, handler: addAnchor }),
  defineRoute({ method: "DELETE", path: "/sessions/:id/anchors/:anchorId", auth: "user", params: anchorParams, handler: deleteAnchor }),
];
