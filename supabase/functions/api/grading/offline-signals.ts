/**
 * General text signals for the offline analyzer (grading/offline.ts), each in [0, 1] or a plain
 * count: relevance to the question (Hangul bigrams of the question's content words), argument
 * structure (a stated position, enumerated reasons, counter-argument and rebuttal, a conclusion),
 * evidence (examples, figures, sources), lexical substance (distinct content words, moving-average
 * type/token ratio) and register (colloquial endings). No morphological analyzer: words are
 * eojeol with common particles and endings stripped. Linear in the text; deterministic.
 */

/** Particles and endings stripped from an eojeol to approximate its stem (longest first). */
const ENDINGS = [
  "으로부터",
  "에서부터",
  "이라는",
  "이라고",
  "에게서",
  "으로서",
  "으로써",
  "에서는",
  "에서도",
  "까지는",
  "이지만",
  "에서",
  "에게",
  "으로",
  "부터",
  "까지",
  "처럼",
  "보다",
  "마저",
  "조차",
  "이나",
  "이며",
  "이고",
  "이다",
  "라는",
  "라고",
  "하는",
  "하고",
  "하여",
  "해서",
  "하면",
  "한다",
  "했다",
  "하지",
  "되는",
  "되어",
  "된다",
  "적인",
  "적으로",
  "들이",
  "들은",
  "들을",
  "들의",
  "들도",
  "은",
  "는",
  "이",
  "가",
  "을",
  "를",
  "의",
  "에",
  "로",
  "와",
  "과",
  "도",
  "만",
  "다",
  "고",
  "며",
  "면",
  "들",
  "께",
  "한",
  "할",
  "된",
  "될",
];

/** Words of the task wording itself (instructions, not the topic). */
const TASK_WORDS = new Set([
  "다음",
  "제시문",
  "제시",
  "읽고",
  "대하여",
  "대한",
  "대해",
  "자신",
  "자신의",
  "견해",
  "입장",
  "주장",
  "근거",
  "들어",
  "논술",
  "서술",
  "하시오",
  "쓰시오",
  "밝히",
  "밝히고",
  "밝힌",
  "내외",
  "이내",
  "이상",
  "분량",
  "작성",
  "글",
  "문제",
  "정하",
  "정하고",
  "예상",
  "반론",
  "검토",
  "검토하면서",
  "의견",
  "찬성",
  "반대",
  "또는",
  "그",
  "이",
  "이에",
  "관계",
  "있다",
  "뒤",
  "한편",
  "한편에서는",
  "것",
  "수",
  "기대",
  "크다",
  "다음과",
  "같은",
  "대해서",
  "바탕",
  "바탕으로",
  "설명",
  "논하",
  "주제",
]);

const COLLOQUIAL = /(?:엄청|근데|되게|좀|짱|ㅋㅋ|ㅎㅎ|거같|것같|것 같기도|될것|할것|될까|해야될|어쨌든|별로|잘 모르겠)/g;

export function eojeol(text: string): string[] {
  return text
    .normalize("NFC")
    .replace(/[^가-힣a-zA-Z0-9\s]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

export function stem(word: string): string {
  for (const e of ENDINGS) {
    if (word.length - e.length >= 2 && word.endsWith(e)) return word.slice(0, -e.length);
  }
  return word;
}

function hangulBigrams(word: string, into: Set<string>) {
  const h = word.replace(/[^가-힣]/g, "");
  for (let i = 0; i + 1 < h.length; i++) into.add(h.slice(i, i + 2));
}

/** Content bigrams of the question: bigrams inside its stems, task wording left out. */
export function questionBigrams(question: string): Set<string> {
  const out = new Set<string>();
  for (const w of eojeol(question)) {
    if (TASK_WORDS.has(w)) continue;
    const s = stem(w);
    if (TASK_WORDS.has(s) || s.length < 2) continue;
    hangulBigrams(s, out);
  }
  return out;
}

export interface Relevance {
  /** Share of the question's content bigrams the answer uses. */
  coverage: number;
  /** Share of the answer's content words that share a bigram with the question. */
  density: number;
  /** Bigrams the question offers (fewer than 6: relevance cannot be judged). */
  questionBigrams: number;
}

export function relevance(question: string, answer: string): Relevance {
  const q = questionBigrams(question);
  const words = eojeol(answer)
    .map(stem)
    .filter((w) => w.length >= 2);
  const seen = new Set<string>();
  let related = 0;
  for (const w of words) {
    let hit = false;
    const h = w.replace(/[^가-힣]/g, "");
    for (let i = 0; i + 1 < h.length; i++) {
      const b = h.slice(i, i + 2);
      if (q.has(b)) {
        seen.add(b);
        hit = true;
      }
    }
    if (hit) related++;
  }
  return {
    coverage: q.size ? seen.size / q.size : 0,
    density: words.length ? related / words.length : 0,
    questionBigrams: q.size,
  };
}

export interface Substance {
  words: number;
  distinctStems: number;
  /** Moving-average type/token ratio over windows of 40 stems (whole text if shorter). */
  mattr: number;
  /** Share of sentences that repeat an earlier sentence's first two words. */
  repeatedOpenings: number;
}

export function substance(text: string, sentences: string[]): Substance {
  const stems = eojeol(text).map(stem);
  const W = 40;
  let mattr: number;
  if (stems.length <= W) {
    mattr = stems.length ? new Set(stems).size / stems.length : 0;
  } else {
    const counts = new Map<string, number>();
    for (let i = 0; i < W; i++) counts.set(stems[i], (counts.get(stems[i]) ?? 0) + 1);
    let sum = counts.size / W;
    for (let i = W; i < stems.length; i++) {
      const out = stems[i - W];
      const n = counts.get(out)! - 1;
      if (n === 0) counts.delete(out);
      else counts.set(out, n);
      counts.set(stems[i], (counts.get(stems[i]) ?? 0) + 1);
      sum += counts.size / W;
    }
    mattr = sum / (stems.length - W + 1);
  }
  const openings = new Set<string>();
  let repeated = 0;
  for (const s of sentences) {
    const key = eojeol(s).slice(0, 2).map(stem).join(" ");
    if (!key) continue;
    if (openings.has(key)) repeated++;
    openings.add(key);
  }
  return {
    words: stems.length,
    distinctStems: new Set(stems.filter((s) => s.length >= 2)).size,
    mattr,
    repeatedOpenings: sentences.length ? repeated / sentences.length : 0,
  };
}

const POSITION =
  /(?:찬성한다|반대한다|찬성하|반대하|해야 한다|하여야 한다|바람직하다|필요하다|라고 본다|다고 본다|라고 생각한다|다고 생각한다|주장한다|옳다|마땅하다|되어야 한다)/;
const ENUMERATION = /(?:^|\s)(?:첫째|둘째|셋째|넷째|먼저|우선|다음으로|마지막으로)/g;
const COUNTER_CLAIM = /(?:물론|반론|반대하는|비판도|우려도|의견도 있|주장도 있|지적도|걱정도|라는 반론|반면|것도 사실이다|사람도 있)/;
const REBUTTAL = /(?:그러나|하지만|그럼에도|그렇다고|그렇기 때문에)/;
const REASON = /(?:때문이다|때문에|왜냐하면|이유는|기 위해|므로|덕분에)/g;
const EVIDENCE =
  /(?:예를 들어|예컨대|실제로|연구|조사|통계|자료|에 따르면|보고서|사례|실험|분석|역사적으로|의 경우|대표적|이 그 예|가 그 예|를 보면|을 보면|\d+\s*(?:%|퍼센트|명|원|년|개국|배|달러|만|억|조))/g;

export interface Argument {
  position: boolean;
  enumerations: number;
  /** A counter-claim followed (in the same or next sentence) by a rebuttal. */
  counterRebutted: boolean;
  reasons: number;
  evidence: number;
  colloquial: number;
}

export function argument(text: string, sentences: string[]): Argument {
  let counterRebutted = false;
  for (let i = 0; i < sentences.length && !counterRebutted; i++) {
    if (!COUNTER_CLAIM.test(sentences[i])) continue;
    const rest = sentences.slice(i, i + 3).join(" ");
    counterRebutted = REBUTTAL.test(rest.slice(sentences[i].indexOf("물론") >= 0 ? 2 : 0));
  }
  return {
    position: POSITION.test(text),
    enumerations: (text.match(ENUMERATION) ?? []).length,
    counterRebutted,
    reasons: (text.match(REASON) ?? []).length,
    evidence: (text.match(EVIDENCE) ?? []).length,
    colloquial: (text.match(COLLOQUIAL) ?? []).length,
  };
}

/**
 * Required length asked by the question, in characters counted as on 원고지 (spaces included):
 * "1000자 내외" → 1000, "800~1000자" / "800자에서 1,000자" → 900 (the middle), "1,200자 이상" → 1200.
 * Null when the question names none.
 */
export function requiredLength(question: string): number | null {
  const t = question.normalize("NFC").replace(/\s+/g, " ");
  const num = (s: string) => Number(s.replace(",", ""));
  const range = /(\d{1,2},?\d{3}|\d{3,4})\s*(?:자)?\s*(?:~|∼|-|–|에서|부터)\s*(\d{1,2},?\d{3}|\d{3,4})\s*자/.exec(t);
  if (range) {
    const a = num(range[1]);
    const b = num(range[2]);
    if (a >= 100 && b >= a && b <= 10000) return Math.round((a + b) / 2);
  }
  const one = /(\d{1,2},?\d{3}|\d{3,4})\s*자/.exec(t);
  if (!one) return null;
  const n = num(one[1]);
  return n >= 100 && n <= 10000 ? n : null;
}

/** Length as counted on 원고지: every character, runs of whitespace counting as one space. */
export function manuscriptLength(text: string): number {
  return text.trim().replace(/\s+/g, " ").length;
}
