import type { Annotation, AnnotationKind, CategoryScore, GradeResult, RubricCategory } from "../../_shared/grading.ts";
import { clampText, keepNonOverlapping, MAX_COMMENT_CHARS, MAX_QUOTE_CHARS } from "./annotations.ts";
import { argument, manuscriptLength, relevance, requiredLength, substance } from "./offline-signals.ts";
import { countChars, OFF_TOPIC_OVERLAP, topicOverlap } from "./text.ts";

/**
 * Built-in analyzer used when no LLM is configured: it measures the Korean text itself
 * (length against the task, paragraphing and 서론/본론/결론 structure, discourse connectives,
 * evidence markers, sentence statistics, repetition, spacing/punctuation slips) and turns the
 * measurements into scores and feedback. Deterministic: the same text always gets the same result.
 */

const INTRO = [
  "이 글에서는",
  "본고에서는",
  "먼저",
  "우선",
  "오늘날",
  "최근",
  "문제",
  "에 대해",
  "살펴보",
  "논하고자",
  "생각해 보",
  "주장한다",
  "라고 생각한다",
];
const CONCLUSION = [
  "결론적으로",
  "따라서",
  "그러므로",
  "요컨대",
  "결국",
  "정리하면",
  "이상에서",
  "종합하면",
  "이처럼",
  "이와 같이",
  "마지막으로",
  "앞으로",
];
const CONNECTIVES = [
  "그러나",
  "하지만",
  "또한",
  "따라서",
  "그러므로",
  "게다가",
  "반면",
  "반면에",
  "즉",
  "예를 들어",
  "왜냐하면",
  "첫째",
  "둘째",
  "셋째",
  "마지막으로",
  "한편",
  "더불어",
  "뿐만 아니라",
  "그뿐만 아니라",
  "이처럼",
  "그 결과",
  "물론",
  "그럼에도",
  "결국",
  "특히",
  "나아가",
  "이를 통해",
  "그렇다면",
  "다시 말해",
];
const COUNTER = ["물론", "반론", "반대 의견", "반대하는", "의견도 있", "주장도 있", "비판도", "우려도", "라는 지적", "한계도"];
const COMMON_WORDS = new Set([
  "것이",
  "것은",
  "것을",
  "있다",
  "있는",
  "없는",
  "하는",
  "한다",
  "했다",
  "된다",
  "되는",
  "그리고",
  "하지만",
  "그러나",
  "또한",
  "따라서",
  "때문",
  "때문에",
  "이러한",
  "이런",
  "그런",
  "우리",
  "우리는",
  "자신",
  "생각",
  "생각한다",
  "같은",
  "위해",
  "통해",
  "대한",
  "대해",
  "있을",
  "있기",
  "것",
  "수",
  "더",
  "잘",
  "등",
  "및",
]);
const EVIDENCE = [
  "예를 들어",
  "예컨대",
  "실제로",
  "연구",
  "조사",
  "통계",
  "자료",
  "에 따르면",
  "사례",
  "보고서",
  "발표",
  "실험",
  "전문가",
  "학자",
  "교수",
  "기사",
  "역사적으로",
  "%",
  "퍼센트",
  "만 명",
  "억",
  "년",
];

export interface TextMetrics {
  chars: number;
  paragraphs: number;
  sentences: number;
  avgSentenceChars: number;
  longSentences: number;
  connectives: number;
  distinctConnectives: number;
  evidenceMarkers: number;
  numbers: number;
  quotes: number;
  hasIntro: boolean;
  hasConclusion: boolean;
  typeTokenRatio: number;
  repeatedTokens: number;
  spacingSlips: number;
  punctuationSlips: number;
  target: number;
  lengthRatio: number;
  overlap: number | null;
  /** Content words used far more than the rest, most frequent first. */
  repeatedWords: { word: string; count: number }[];
  longestSentence: string;
  /** Whether the answer considers an opposing view (물론 …, 반론, 반대 의견 …). */
  hasCounterargument: boolean;
  /** Length as on 원고지 (spaces included, runs of whitespace as one); lengthRatio uses it. */
  manuscriptChars: number;
  /** Share of the question's content bigrams used by the answer (0..1). */
  coverage: number;
  /** Share of the answer's content words related to the question (0..1). */
  density: number;
  /** Relevance to the question, 0..1 (1 when the question has too few words to judge). */
  relevance: number;
  /** Distinct content stems (a measure of how much the answer actually says). */
  distinctStems: number;
  /** Moving-average type/token ratio over 40-word windows. */
  mattr: number;
  /** The answer states a position (찬성한다, 해야 한다, 라고 생각한다 …). */
  hasPosition: boolean;
  /** Enumerated reasons (첫째, 둘째, 먼저, 마지막으로 …). */
  enumerations: number;
  /** A counter-argument followed by a rebuttal (물론 … 그러나 …). */
  counterRebutted: boolean;
  /** Reason markers (때문이다, 왜냐하면 …). */
  reasons: number;
  /** Evidence markers, figures with units included (capped per kind in evidenceMarkers; this is raw). */
  evidence: number;
  /** Colloquial words and endings (근데, 엄청, 것같다 …). */
  colloquial: number;
}

function countOccurrences(text: string, needle: string): number {
  let n = 0;
  let i = text.indexOf(needle);
  while (i !== -1) {
    n++;
    i = text.indexOf(needle, i + needle.length);
  }
  return n;
}

const clamp01 = (x: number) => Math.max(0, Math.min(1, x));

export function measure(essay: string, prompt = ""): TextMetrics {
  const text = essay.normalize("NFC");
  const chars = countChars(text);
  const paragraphs = text
    .split(/\n\s*\n|\n(?=\s{2,}|\t)/)
    .map((p) => p.trim())
    .filter((p) => countChars(p) >= 20);
  const paraCount = Math.max(paragraphs.length, text.trim() ? 1 : 0) || 0;
  const lineParas = text
    .split(/\n+/)
    .map((p) => p.trim())
    .filter((p) => countChars(p) >= 40).length;
  const paragraphsN = Math.max(paraCount, lineParas);
  const sentences = text
    .split(/(?<=[.!?。？！])\s+|(?<=다\.)|\n+/)
    .map((s) => s.trim())
    .filter((s) => countChars(s) >= 5);
  const sentenceLens = sentences.map(countChars);
  const avgSentenceChars = sentences.length ? sentenceLens.reduce((a, b) => a + b, 0) / sentences.length : 0;
  const longSentences = sentenceLens.filter((l) => l > 90).length;

  let connectives = 0;
  let distinctConnectives = 0;
  for (const c of CONNECTIVES) {
    const n = countOccurrences(text, c);
    connectives += n;
    if (n > 0) distinctConnectives++;
  }
  let evidenceMarkers = 0;
  for (const e of EVIDENCE) evidenceMarkers += Math.min(countOccurrences(text, e), 3);
  const numbers = (text.match(/\d+(?:[.,]\d+)?/g) ?? []).length;
  const quotes = (text.match(/[“"「『][^”"」』]{2,}[”"」』]/g) ?? []).length;

  const first = paragraphs[0] ?? text.slice(0, 200);
  const last = paragraphs[paragraphs.length - 1] ?? text.slice(-200);
  const hasIntro = paragraphsN >= 2 && INTRO.some((m) => first.includes(m));
  const hasConclusion = paragraphsN >= 2 && CONCLUSION.some((m) => last.includes(m));

  const tokens = text
    .replace(/[^가-힣a-zA-Z0-9\s]/g, " ")
    .split(/\s+/)
    .filter((t) => t.length >= 2);
  const stems = tokens.map((t) => t.replace(/(은|는|이|가|을|를|의|에|에서|으로|로|와|과|도|만|다|고)$/u, ""));
  const counts = new Map<string, number>();
  for (const s of stems) counts.set(s, (counts.get(s) ?? 0) + 1);
  const typeTokenRatio = stems.length ? counts.size / stems.length : 0;
  let repeatedTokens = 0;
  for (const [stem, n] of counts) if (stem.length >= 2 && n >= 6) repeatedTokens += n - 5;

  const longEojeol = (text.match(/[가-힣]{16,}/g) ?? []).length;
  const missingSpaceAfterPunct = (text.match(/[,.?!][가-힣A-Za-z]/g) ?? []).filter((m) => !/\d/.test(m)).length;
  const doubleSpaces = (text.match(/[^\n ] {2,}[^\n ]/g) ?? []).length;
  const spacingSlips = longEojeol + missingSpaceAfterPunct + doubleSpaces;
  const punctuationSlips =
    (text.match(/([!?.,])\1{1,}/g) ?? []).filter((m) => m !== "..." && m !== "..").length +
    sentences.filter((s) => s.length > 30 && !/[.!?。？！"”』」)]$/.test(s)).length;

  const repeatedWords = [...counts.entries()]
    .filter(([w, n]) => w.length >= 2 && n >= 5 && !COMMON_WORDS.has(w) && /[가-힣]/.test(w) && !prompt.includes(w))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([word, count]) => ({ word, count }));
  const longestSentence = sentences.reduce((a, b) => (countChars(b) > countChars(a) ? b : a), "");
  const hasCounterargument = COUNTER.some((c) => text.includes(c));

  const target = requiredLength(prompt) ?? 800;
  const manuscriptChars = manuscriptLength(text);
  const rel = relevance(prompt, text);
  const sub = substance(text, sentences);
  const arg = argument(text, sentences);
  // Relevance: the share of the question's content the answer takes up, or (for short answers,
  // which cannot cover much) how much of what it says is about the question.
  const relevanceScore = rel.questionBigrams < 6 ? 1 : Math.max(clamp01(rel.coverage / 0.5), clamp01(rel.density / 0.25));
  return {
    manuscriptChars,
    coverage: rel.coverage,
    density: rel.density,
    relevance: relevanceScore,
    distinctStems: sub.distinctStems,
    mattr: sub.mattr,
    hasPosition: arg.position,
    enumerations: arg.enumerations,
    counterRebutted: arg.counterRebutted,
    reasons: arg.reasons,
    evidence: arg.evidence,
    colloquial: arg.colloquial,
    repeatedWords,
    longestSentence,
    hasCounterargument,
    chars,
    paragraphs: paragraphsN,
    sentences: sentences.length,
    avgSentenceChars,
    longSentences,
    connectives,
    distinctConnectives,
    evidenceMarkers,
    numbers,
    quotes,
    hasIntro,
    hasConclusion,
    typeTokenRatio,
    repeatedTokens,
    spacingSlips,
    punctuationSlips,
    target,
    lengthRatio: target ? manuscriptChars / target : 0,
    overlap: topicOverlap(prompt, text),
  };
}

/** Length factor: full credit from 80 % to 150 % of the target, tapering outside. */
function lengthFactor(ratio: number): number {
  if (ratio >= 0.8 && ratio <= 1.5) return 1;
  if (ratio < 0.8) return clamp01(ratio / 0.8) ** 1.2;
  return clamp01(1 - (ratio - 1.5) / 2);
}

/**
 * How much the answer says, relative to what the required length holds: distinct content words
 * against about one per five characters of the target, discounted when words keep repeating
 * (moving-average type/token ratio), and never above the length factor. Long filler scores low
 * (few distinct words), as does a two-sentence answer (few words at all).
 */
export function substanceFactor(m: TextMetrics): number {
  const words = clamp01(m.distinctStems / (0.2 * m.target));
  const variety = clamp01((m.mattr - 0.5) / 0.35);
  return Math.min(words * variety, lengthFactor(m.lengthRatio)) ** 0.6;
}

/** Scales every aspect: full from relevance 0.75, down to a fifth for an answer about something else. */
export function relevanceFactor(m: TextMetrics): number {
  return m.relevance >= 0.75 ? 1 : 0.2 + 0.8 * (m.relevance / 0.75) ** 2;
}

function paragraphScore(m: TextMetrics): number {
  return m.paragraphs >= 4 ? 1 : m.paragraphs === 3 ? 0.85 : m.paragraphs === 2 ? 0.55 : 0.2;
}

/** Argument structure, before substance and relevance: paragraphs, position, reasons enumerated, rebuttal, frame. */
function structureQuality(m: TextMetrics): number {
  const frame = (m.hasIntro ? 0.5 : 0) + (m.hasConclusion ? 0.5 : 0);
  return clamp01(
    0.25 * paragraphScore(m) +
      0.2 * (m.hasPosition ? 1 : 0) +
      0.15 * clamp01(m.enumerations / 2) +
      0.15 * (m.counterRebutted ? 1 : m.hasCounterargument ? 0.4 : 0) +
      0.1 * frame +
      0.15 * clamp01(m.distinctConnectives / 6),
  );
}

/** Support for the claims, before substance and relevance: examples and sources, figures, reasons, rebuttal. */
function evidenceQuality(m: TextMetrics): number {
  return clamp01(
    0.4 * clamp01(m.evidence / 5) +
      0.15 * clamp01((m.numbers + m.quotes * 2) / 3) +
      0.2 * clamp01(m.reasons / 2) +
      0.1 * clamp01(m.connectives / 8) +
      0.15 * (m.counterRebutted ? 1 : 0),
  );
}

/** Language, before substance and relevance: sentence length, variety, repetition, slips, register. */
function languageQuality(m: TextMetrics): number {
  const sentenceLen =
    m.avgSentenceChars === 0
      ? 0
      : m.avgSentenceChars < 15
        ? 0.6
        : m.avgSentenceChars <= 70
          ? 1
          : clamp01(1 - (m.avgSentenceChars - 70) / 80);
  const longPenalty = m.sentences ? clamp01(1 - (m.longSentences / m.sentences) * 1.5) : 0;
  const variety = clamp01((m.mattr - 0.45) / 0.4);
  const repetition = clamp01(1 - m.repeatedTokens / 15);
  const slips = clamp01(1 - (m.spacingSlips + m.punctuationSlips) / Math.max(4, m.chars / 120));
  const register = clamp01(1 - m.colloquial / 3);
  return clamp01(0.15 * sentenceLen + 0.1 * longPenalty + 0.2 * variety + 0.15 * repetition + 0.25 * slips + 0.15 * register);
}

function structureScore(m: TextMetrics): number {
  return structureQuality(m) * substanceFactor(m) * relevanceFactor(m);
}

function evidenceScore(m: TextMetrics): number {
  return evidenceQuality(m) * substanceFactor(m) * relevanceFactor(m);
}

function languageScore(m: TextMetrics): number {
  // Language is judged on what was written, so a sliver of credit stays even for very little text.
  return languageQuality(m) * (0.05 + 0.95 * substanceFactor(m)) * relevanceFactor(m);
}

/** Grasp of the question and a clear position (주제 이해, 논지의 명료성 …). */
function focusScore(m: TextMetrics): number {
  const q = 0.4 * clamp01(m.relevance) + 0.3 * (m.hasPosition ? 1 : 0) + 0.3 * structureQuality(m);
  return q * substanceFactor(m) * relevanceFactor(m);
}

/**
 * The teacher's scale: the aspect measures multiply (quality × substance × relevance), which
 * pushes a solid answer into the 40s. x + 0.8·x²(1 − x) lifts the middle (0.5 → 0.6) while
 * keeping both ends (0 → 0, 1 → 1) and the bottom nearly linear (0.15 → 0.165), so failing
 * answers stay failing and the order is unchanged (increasing: its slope 1 + 0.8·(2x − 3x²) > 0).
 */
export function scale(x: number): number {
  const r = clamp01(x);
  return r + 0.8 * r * r * (1 - r);
}

/** Below this relevance (0..1) an answer of some length is flagged off-topic. */
export const OFF_TOPIC_RELEVANCE = 0.3;

type Aspect = "structure" | "evidence" | "language" | "length" | "focus" | "general";

function aspectOf(name: string): Aspect {
  if (/논리|구조|구성|전개|조직|일관/.test(name)) return "structure";
  if (/근거|타당|자료|논거|설득|사례|내용/.test(name)) return "evidence";
  if (/표현|어휘|문법|맞춤법|문장|언어|표기|어법/.test(name)) return "language";
  if (/분량|길이/.test(name)) return "length";
  if (/주제|이해|입장|논지|명료|관점|주장/.test(name)) return "focus";
  return "general";
}

function aspectScore(aspect: Aspect, m: TextMetrics): number {
  switch (aspect) {
    case "structure":
      return structureScore(m);
    case "evidence":
      return evidenceScore(m);
    case "language":
      return languageScore(m);
    case "length":
      return lengthFactor(m.lengthRatio) * relevanceFactor(m);
    case "focus":
      return focusScore(m);
    default:
      return (structureScore(m) + evidenceScore(m) + languageScore(m)) / 3;
  }
}

function feedbackFor(aspect: Aspect, m: TextMetrics): string {
  const parts: string[] = [];
  if (aspect === "structure" || aspect === "general") {
    parts.push(`문단 ${m.paragraphs}개로 구성되어 있습니다.`);
    if (m.hasIntro && m.hasConclusion) parts.push("서론에서 문제를 제시하고 결론에서 주장을 정리하는 짜임이 드러납니다.");
    else if (!m.hasIntro && !m.hasConclusion) parts.push("서론과 결론의 역할이 분명하게 드러나지 않습니다.");
    else if (!m.hasConclusion) parts.push("결론 문단에서 주장을 다시 정리하는 부분이 부족합니다.");
    else parts.push("서론에서 논의할 문제를 분명히 제시하면 더 좋습니다.");
    parts.push(`연결어는 ${m.distinctConnectives}종류(${m.connectives}회) 사용되었습니다.`);
  }
  if (aspect === "evidence" || aspect === "general") {
    parts.push(`근거 표지(예시·자료·연구 등)가 ${m.evidenceMarkers}회, 수치가 ${m.numbers}회 나타납니다.`);
    if (m.evidenceMarkers < 3) parts.push("주장을 뒷받침하는 구체적인 사례나 자료가 더 필요합니다.");
  }
  if (aspect === "language" || aspect === "general") {
    parts.push(`문장 ${m.sentences}개, 평균 ${Math.round(m.avgSentenceChars)}자입니다.`);
    if (m.longSentences > 0) parts.push(`90자가 넘는 긴 문장이 ${m.longSentences}개 있습니다.`);
    if (m.spacingSlips + m.punctuationSlips > 0) {
      parts.push(`띄어쓰기·문장부호 점검이 필요한 곳이 약 ${m.spacingSlips + m.punctuationSlips}군데 있습니다.`);
    }
    if (m.repeatedWords.length) {
      parts.push(`${m.repeatedWords.map((r) => `‘${r.word}’(${r.count}회)`).join(", ")}처럼 같은 낱말이 자주 반복됩니다.`);
    }
  }
  if (aspect === "focus") {
    parts.push(
      m.relevance >= 0.7
        ? "문제에서 묻는 핵심 내용을 다루고 있습니다."
        : m.relevance >= OFF_TOPIC_RELEVANCE
          ? "문제에서 묻는 핵심 내용 가운데 다루지 않은 부분이 있습니다."
          : "답안이 문제에서 묻는 내용과 관련성이 낮습니다.",
    );
    parts.push(m.hasPosition ? "자신의 입장이 문장으로 드러나 있습니다." : "자신의 입장(찬성·반대, 주장)을 한 문장으로 분명히 밝히세요.");
  }
  if (aspect === "length") {
    parts.push(`공백 포함 ${m.manuscriptChars}자로, 요구 분량(약 ${m.target}자)의 ${Math.round(m.lengthRatio * 100)}%입니다.`);
  }
  return parts.join(" ");
}

export function gradeOffline(essay: string, prompt: string, rubric: RubricCategory[]): GradeResult {
  const m = measure(essay, prompt);
  // Off-topic: little of the question's content in the answer (relevanceFactor already scales the
  // scores down; the flag tells the teacher why).
  const offTopic =
    m.chars >= 100 && (m.relevance < OFF_TOPIC_RELEVANCE || (m.overlap !== null && m.overlap < OFF_TOPIC_OVERLAP && m.relevance < 0.5));
  const topicFactor = 1;
  const categoryScores: CategoryScore[] = rubric.map((c) => {
    const aspect = aspectOf(c.name);
    const ratio = scale(aspectScore(aspect, m) * topicFactor);
    const score = Math.round(ratio * c.maxScore * 10) / 10;
    return { name: c.name, score, maxScore: c.maxScore, feedback: feedbackFor(aspect, m) };
  });

  const strengths: string[] = [];
  const improvements: string[] = [];
  const suggestions: string[] = [];
  if (m.lengthRatio >= 0.8) strengths.push(`요구 분량(약 ${m.target}자)을 충실히 채웠습니다 (공백 포함 ${m.manuscriptChars}자).`);
  else {
    improvements.push(`분량이 요구(약 ${m.target}자)의 ${Math.round(m.lengthRatio * 100)}%에 그칩니다.`);
    suggestions.push(`본론에 근거 문단을 하나 더 추가해 분량을 ${m.target}자 가까이 늘려 보세요.`);
  }
  if (m.paragraphs >= 3) strengths.push(`${m.paragraphs}개 문단으로 나누어 글의 흐름을 구분했습니다.`);
  else {
    improvements.push("문단 구분이 부족해 서론·본론·결론이 구별되지 않습니다.");
    suggestions.push("서론(문제 제기) – 본론(근거 2~3개) – 결론(주장 정리)의 세 부분으로 문단을 나누어 쓰세요.");
  }
  if (m.hasConclusion) strengths.push("결론에서 주장을 정리하며 글을 마무리했습니다.");
  else suggestions.push("'따라서', '결론적으로'와 같은 표현으로 마지막 문단에서 주장을 다시 한 번 정리하세요.");
  if (m.distinctConnectives >= 5) strengths.push("다양한 연결어로 문장과 문단 사이의 논리적 관계를 드러냈습니다.");
  else {
    improvements.push("문장 사이의 논리적 연결(인과·대조·예시)이 충분히 드러나지 않습니다.");
    suggestions.push("'왜냐하면', '그러나', '예를 들어' 등 연결어를 써서 근거와 주장의 관계를 분명히 하세요.");
  }
  if (m.evidenceMarkers >= 4 || m.numbers >= 2) strengths.push("사례나 수치 등 구체적인 근거를 제시했습니다.");
  else {
    improvements.push("주장을 뒷받침하는 구체적인 사례·통계·자료가 부족합니다.");
    suggestions.push("주장마다 실제 사례나 통계, 신뢰할 수 있는 자료의 출처를 한 가지 이상 덧붙이세요.");
  }
  if (m.longSentences > 2) {
    improvements.push(`지나치게 긴 문장이 ${m.longSentences}개 있어 뜻이 흐려집니다.`);
    suggestions.push("한 문장에는 하나의 생각만 담도록 90자가 넘는 문장을 둘로 나누세요.");
  }
  if (m.spacingSlips + m.punctuationSlips >= 3) {
    improvements.push("띄어쓰기와 문장부호 오류가 눈에 띕니다.");
    suggestions.push("제출 전에 소리 내어 읽으며 띄어쓰기와 문장부호를 점검하세요.");
  }
  if (m.hasCounterargument) strengths.push("예상되는 반대 의견을 검토하여 주장의 균형을 갖추었습니다.");
  else {
    improvements.push("반론이나 예상되는 반대 의견에 대한 검토가 없어 주장이 일방적으로 보일 수 있습니다.");
    suggestions.push("'물론 ~라는 의견도 있다. 그러나 ~' 형식으로 반론을 하나 소개하고 근거를 들어 반박하세요.");
  }
  if (m.repeatedWords.length) {
    const [top] = m.repeatedWords;
    improvements.push(`‘${top.word}’(${top.count}회)처럼 같은 낱말을 되풀이해 표현이 단조롭습니다.`);
    suggestions.push(`반복되는 ‘${top.word}’ 가운데 일부를 비슷한 뜻의 다른 표현이나 지시어로 바꾸어 문장에 변화를 주세요.`);
  }
  if (countChars(m.longestSentence) > 90) {
    const head = [...m.longestSentence].slice(0, 28).join("");
    suggestions.push(`가장 긴 문장("${head}…", ${countChars(m.longestSentence)}자)을 두세 문장으로 나누면 뜻이 더 분명해집니다.`);
  }
  if (offTopic) {
    improvements.unshift("답안이 문제에서 요구한 주제와 관련성이 낮습니다.");
    suggestions.unshift("문제의 핵심 용어를 서론에서 직접 언급하고, 그 물음에 답하는 방향으로 글을 다시 구성하세요.");
  }
  if (strengths.length === 0) strengths.push("자신의 생각을 글로 표현하려고 시도했습니다.");
  // Advice for the weakest category first, so even a strong answer gets concrete next steps.
  const weakest = [...categoryScores].sort((a, b) => a.score / a.maxScore - b.score / b.maxScore)[0];
  const extra: Record<Aspect, string[]> = {
    structure: ["각 본론 문단의 첫 문장을 그 문단의 중심 주장으로 시작해 글의 짜임을 더 선명하게 하세요."],
    evidence: ["근거마다 '주장 → 이유 → 예시'의 순서로 한 번 더 풀어 써서 설득력을 높이세요."],
    language: ["문장의 주어와 서술어가 호응하는지 점검하고, 구어체 표현을 문어체로 바꾸세요."],
    length: [`요구 분량(약 ${m.target}자)에 맞추어 본론의 근거를 보강하세요.`],
    focus: ["문제에서 묻는 내용을 서론에서 다시 정리하고, 그 물음에 대한 자신의 입장을 한 문장으로 밝히세요."],
    general: ["글의 핵심 주장을 서론과 결론에서 같은 표현으로 반복해 일관성을 보여 주세요."],
  };
  for (const tip of [
    ...extra[aspectOf(weakest?.name ?? "")],
    "서론에서 글 전체의 주장을 한 문장으로 분명하게 밝히세요.",
    "결론에서 앞의 근거를 한 줄씩 요약한 뒤 주장을 다시 강조하세요.",
  ]) {
    if (suggestions.length >= 3) break;
    if (!suggestions.includes(tip)) suggestions.push(tip);
  }

  const overall = Math.round(categoryScores.reduce((s, c) => s + c.score, 0) * 10) / 10;
  const maxScore = rubric.reduce((s, c) => s + c.maxScore, 0);
  const detailedFeedback = [
    "※ 이 결과는 AI가 아닌 내장 오프라인 분석기가 글의 구조, 연결어, 근거 표지, 문장 통계를 측정해 산출한 참고용 점수입니다.",
    `답안은 공백 제외 ${m.chars}자, ${m.paragraphs}개 문단, ${m.sentences}개 문장으로 이루어져 있습니다.`,
    m.hasIntro && m.hasConclusion
      ? "서론–본론–결론의 짜임이 갖추어져 있어 글의 흐름을 따라가기 쉽습니다."
      : "서론–본론–결론의 역할을 문단별로 더 분명히 나누면 논지가 선명해집니다.",
    m.evidenceMarkers >= 4
      ? "근거를 제시하는 표현이 충분해 주장의 설득력을 높이고 있습니다."
      : "주장에 비해 근거가 부족하므로 구체적인 사례와 자료를 보강하는 것이 가장 시급합니다.",
    offTopic ? "또한 답안이 문제의 주제에서 벗어나 있어 점수가 크게 감점되었습니다." : "",
  ]
    .filter(Boolean)
    .join(" ");

  return {
    overallScore: overall,
    maxScore,
    categoryScores,
    strengths,
    improvementAreas:
      improvements.length >= 2
        ? improvements
        : [...improvements, `가장 점수가 낮은 '${weakest?.name}' 항목을 보완하면 완성도가 더 높아집니다.`],
    detailedFeedback,
    suggestions,
    grader: "offline",
    model: null,
    flags: offTopic ? ["off_topic"] : [],
    annotations: offlineAnnotations(essay, prompt, rubric),
  };
}

// ---------------------------------------------------------------------------------------------
// Offline annotations (첨삭 표시): measured, not judged; every one is labelled source "offline".
// ---------------------------------------------------------------------------------------------

/** A sentence longer than this (characters, spaces excluded) gets a "split it" note. */
export const LONG_SENTENCE_CHARS = 80;
/** Words that assert without hedging; a sentence using one with no evidence nearby gets a question. */
const ASSERTIONS = [
  "반드시",
  "분명히",
  "분명하다",
  "틀림없",
  "당연히",
  "당연하다",
  "확실히",
  "확실하다",
  "누구나",
  "모두가",
  "절대로",
  "절대 ",
  "항상",
  "결코",
  "해야 한다",
  "할 수밖에 없다",
  "임이 틀림",
];
/** Evidence markers looked for in the claim's sentence and its neighbours. */
const NEARBY_EVIDENCE = [
  "예를 들어",
  "예컨대",
  "통계",
  "연구",
  "조사",
  "에 따르면",
  "실제로",
  "사례",
  "자료",
  "보고서",
  "실험",
  "%",
  "퍼센트",
];

interface Span {
  start: number;
  end: number;
}

/** Sentences of `text` as exact spans (end of line, or . ! ? followed by whitespace). */
function sentenceSpans(text: string): Span[] {
  const out: Span[] = [];
  const re = /\S[^\n]*?(?:[.!?。？！]+(?=\s|$)|$)/gm;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    out.push({ start: m.index, end: m.index + m[0].trimEnd().length });
  }
  return out;
}

/** Paragraphs of `text` (blank-line separated, else one per line) as exact spans. */
function paragraphSpans(text: string): Span[] {
  const spans = (re: RegExp) => {
    const out: Span[] = [];
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const body = m[0].trimEnd();
      if (countChars(body) >= 20) out.push({ start: m.index, end: m.index + body.length });
    }
    return out;
  };
  const byBlank = spans(/\S(?:[^\n]|\n(?![ \t]*\n))*/g);
  return byBlank.length >= 2 ? byBlank : spans(/\S[^\n]*/g);
}

/** Widens [start, end) to whole eojeol (space-separated words) on both sides, within the line. */
function widenToWords(text: string, start: number, end: number): Span {
  let s = start;
  let e = end;
  while (s > 0 && !/\s/.test(text[s - 1])) s--;
  while (e < text.length && !/\s/.test(text[e])) e++;
  return { start: s, end: e };
}

/** The rubric category covering `aspect`, else a general one, else none. */
function categoryFor(rubric: RubricCategory[], aspect: Exclude<Aspect, "general" | "length" | "focus">): string | null {
  return rubric.find((c) => aspectOf(c.name) === aspect)?.name ?? rubric.find((c) => aspectOf(c.name) === "general")?.name ?? null;
}

/**
 * Annotations the offline analyzer makes on `text` (offsets exact in `text`): claims without
 * evidence nearby (질문), a missing counter-argument noted on the conclusion paragraph, good use
 * of evidence (잘한 점), over-long sentences, content words repeated beyond the question, and
 * spacing/punctuation slips (with the corrected text as the rewrite). Earlier kinds win overlaps;
 * at most MAX_ANNOTATIONS in all. Deterministic and linear in the text.
 */
export function offlineAnnotations(text: string, prompt: string, rubric: RubricCategory[]): Annotation[] {
  if (!text.trim()) return [];
  const logic = categoryFor(rubric, "structure");
  const evidence = categoryFor(rubric, "evidence");
  const language = categoryFor(rubric, "language");
  const out: Annotation[] = [];
  const add = (span: Span, kind: AnnotationKind, category: string | null, comment: string, rewrite: string | null = null) => {
    if (!category || span.end <= span.start) return;
    const end = Math.min(span.end, span.start + MAX_QUOTE_CHARS);
    out.push({
      start: span.start,
      end,
      quote: text.slice(span.start, end),
      kind,
      category,
      comment: clampText(comment, MAX_COMMENT_CHARS),
      rewrite,
      source: "offline",
    });
  };
  const sentences = sentenceSpans(text);
  const sentenceText = sentences.map((s) => text.slice(s.start, s.end));
  const hasEvidence = (i: number) => i >= 0 && i < sentenceText.length && NEARBY_EVIDENCE.some((e) => sentenceText[i].includes(e));

  // Claims without evidence in the sentence or its neighbours. The thesis in the first paragraph
  // and summing-up sentences (따라서, 결론적으로 …) are meant to rest on the body, so they are left out.
  const paras = paragraphSpans(text);
  const introEnd = paras.length >= 2 ? paras[0].end : 0;
  let claims = 0;
  for (let i = 0; i < sentences.length && claims < 2; i++) {
    if (sentences[i].start < introEnd || CONCLUSION.some((c) => sentenceText[i].startsWith(c))) continue;
    const marker = ASSERTIONS.find((a) => sentenceText[i].includes(a));
    if (!marker || hasEvidence(i - 1) || hasEvidence(i) || hasEvidence(i + 1)) continue;
    claims++;
    add(
      sentences[i],
      "질문",
      evidence,
      `‘${marker.trim()}’처럼 단정하는 주장인데 주변에 근거가 보이지 않습니다. 왜 그렇게 말할 수 있나요? 예를 들어 사례, 통계, 연구 결과를 덧붙여 보세요.`,
    );
  }

  // No counter-argument anywhere: a note on the conclusion paragraph (its first sentence).
  const m = measure(text, prompt);
  if (!m.hasCounterargument) {
    const last = paras[paras.length - 1];
    const first = last && sentences.find((s) => s.start >= last.start && s.start < last.end);
    if (first && paras.length >= 2) {
      add(
        first,
        "고칠 점",
        logic,
        "결론에 이르기 전에 예상되는 반대 의견을 한 가지 소개하고 반박해 보세요(예: ‘물론 ~라는 의견도 있다. 그러나 ~’). 반론 검토가 없으면 주장이 일방적으로 보입니다.",
      );
    }
  }

  // Sentences that do bring evidence.
  let good = 0;
  for (let i = 0; i < sentences.length && good < 2; i++) {
    if (!hasEvidence(i) || countChars(sentenceText[i]) < 15) continue;
    good++;
    add(sentences[i], "잘한 점", evidence, "구체적인 사례나 자료를 근거로 들어 주장을 뒷받침했습니다.");
  }

  // Over-long sentences.
  let long = 0;
  for (let i = 0; i < sentences.length && long < 3; i++) {
    const n = countChars(sentenceText[i]);
    if (n <= LONG_SENTENCE_CHARS) continue;
    long++;
    add(
      sentences[i],
      "고칠 점",
      language,
      `이 문장은 공백 제외 ${n}자로 깁니다. 한 문장에 한 가지 생각만 담도록 두세 문장으로 나누어 보세요.`,
    );
  }

  // Content words repeated beyond the question (measure() leaves out words of the question).
  for (const { word, count } of m.repeatedWords.slice(0, 2)) {
    const re = new RegExp(`(?<![가-힣])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "g");
    const hit = re.exec(text);
    if (!hit) continue;
    add(
      widenToWords(text, hit.index, hit.index + word.length),
      "고칠 점",
      language,
      `‘${word}’: 문제에 없는 이 낱말이 답안에서 ${count}회 반복됩니다. 일부를 비슷한 뜻의 다른 표현이나 지시어로 바꾸어 보세요.`,
    );
  }

  // Spacing and punctuation slips, with the corrected words as the rewrite.
  const slips: { re: RegExp; comment: string; fix: (s: string) => string }[] = [
    {
      re: /\S( {2,})(?=\S)/g,
      comment: "낱말 사이에 빈칸이 두 칸 이상 들어갔습니다. 한 칸만 띄어 쓰세요.",
      fix: (s) => s.replace(/ {2,}/g, " "),
    },
    { re: /\S( +)(?=[,.?!](?:\s|$))/g, comment: "문장부호 앞에는 띄어 쓰지 않습니다.", fix: (s) => s.replace(/ +([,.?!])/g, "$1") },
    {
      re: /[가-힣A-Za-z][,.?!](?=[가-힣A-Za-z])/g,
      comment: "문장부호 뒤에는 한 칸 띄어 쓰세요.",
      fix: (s) => s.replace(/([가-힣A-Za-z][,.?!])(?=[가-힣A-Za-z])/g, "$1 "),
    },
    {
      re: /([!?,])\1+|\.{4,}/g,
      comment: "같은 문장부호를 겹쳐 쓰지 않습니다.",
      fix: (s) => s.replace(/([!?,])\1+/g, "$1").replace(/\.{4,}/g, "..."),
    },
  ];
  let slipCount = 0;
  for (const slip of slips) {
    for (let hit = slip.re.exec(text); hit && slipCount < 5; hit = slip.re.exec(text)) {
      const span = widenToWords(text, hit.index, hit.index + hit[0].length);
      if (span.end - span.start > 60) continue;
      const before = text.slice(span.start, span.end);
      const after = slip.fix(before);
      if (after === before) continue;
      slipCount++;
      add(span, "고칠 점", language, slip.comment, after);
    }
  }

  // A sentence of some length ending its line without a full stop (at most two such notes).
  let unterminated = 0;
  for (let i = 0; i < sentences.length && unterminated < 2; i++) {
    const body = sentenceText[i];
    if (countChars(body) < 30 || !/[가-힣]$/.test(body)) continue;
    const span = widenToWords(text, sentences[i].end - 1, sentences[i].end);
    if (span.end - span.start > 40) continue;
    unterminated++;
    add(span, "고칠 점", language, "문장이 마침표 없이 끝났습니다. 문장 끝에 마침표를 찍으세요.", `${text.slice(span.start, span.end)}.`);
  }

  return keepNonOverlapping(out);
}
