// The three kinds of inline annotation (첨삭 표시), in a module of their own so the landing's sample marks
// load them without the rest of the grading types.

/** The three kinds of inline annotation (첨삭 표시) a grader may attach to a span of the answer. */
export const ANNOTATION_KINDS = ["잘한 점", "고칠 점", "질문"] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];
