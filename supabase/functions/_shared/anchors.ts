// Anchor answers (기준 답안): scored sample answers a teacher attaches to a session, sent to the
// model as calibration examples (api/anchors/, api/grading/anchor-prompt.ts). Shared by the API and the SPA.
import type { RubricCategory } from "./grading.ts";

/** At most this many per session (also enforced in the database: private.check_session_anchor). */
export const MAX_ANCHORS = 3;
/** An anchor answer needs at least this many characters (as a submitted answer does). */
export const MIN_ANCHOR_CHARS = 100;
/** Extensions an anchor file may have (text only: nothing is read from images here). */
export const ANCHOR_EXTENSIONS = [".txt", ".docx", ".pdf"] as const;

/** One anchor as `GET /sessions/:id/anchors` returns it. */
export interface AnchorAnswerJson {
  id: string;
  content: string;
  totalScore: number;
  categoryScores: { name: string; score: number }[];
  filename: string | null;
  createdAt: string;
}

/** `GET /sessions/:id/anchors`: the anchors, the limit and the rubric their scores refer to. */
export interface AnchorListJson {
  anchors: AnchorAnswerJson[];
  max: number;
  rubric: RubricCategory[];
}

export const ANCHOR_MESSAGES = {
  notFound: "기준 답안을 찾을 수 없습니다.",
  limit: `기준 답안은 작업마다 최대 ${MAX_ANCHORS}개까지 추가할 수 있습니다.`,
  contentMissing: "기준 답안 내용을 입력하거나 파일을 선택해 주세요.",
  tooShort: `기준 답안은 ${MIN_ANCHOR_CHARS}자 이상이어야 합니다.`,
  tooLong: "기준 답안이 너무 깁니다. 20,000자 이하로 줄여 주세요.",
  label: "기준 답안",
  imageNotAccepted: "기준 답안은 txt, docx, pdf 파일이나 직접 입력으로 추가해 주세요.",
  totalRequired: "기준 답안의 총점을 입력해 주세요.",
  totalRange: (max: number) => `총점은 0점 이상 ${max}점 이하로 입력해 주세요.`,
  oneDecimal: "점수는 소수 첫째 자리까지 입력할 수 있습니다.",
  badCategories: "항목별 점수 형식이 올바르지 않습니다.",
  unknownCategory: (name: string) => `평가 기준에 없는 항목입니다: ${name}`,
  duplicateCategory: (name: string) => `같은 항목의 점수가 두 번 입력되었습니다: ${name}`,
  categoryRange: (name: string, max: number) => `${name} 점수는 0점 이상 ${max}점 이하로 입력해 주세요.`,
  sumMismatch: (sum: string, total: string) => `항목별 점수의 합(${sum}점)이 총점(${total}점)과 다릅니다.`,
  added: "기준 답안을 추가했습니다.",
  deleted: "기준 답안을 삭제했습니다.",
} as const;

/** POST /submissions/:id/anchor (a reviewed answer becomes a 기준 답안). */
export const PROMOTE_ANCHOR_MESSAGES = {
  notFound: "답안을 찾을 수 없습니다.",
  notReviewed: "검토 완료한 답안만 기준 답안으로 만들 수 있습니다.",
  olderRubric: "이전 평가 기준으로 채점된 답안입니다. 현재 기준으로 재채점하고 검토한 뒤 기준 답안으로 만들어 주세요.",
  already: "이미 기준 답안으로 추가된 답안입니다.",
  promoted: "검토한 점수로 기준 답안에 추가했습니다. 다음 채점부터 함께 참고합니다.",
} as const;
