/**
 * Korean particles chosen by the last syllable (class-view: "기업으로", not "기업(으)로").
 * A final consonant (받침) takes 으로 / 을 / 이 / 은 / 과, none takes 로 / 를 / 가 / 는 / 와;
 * ㄹ takes 로. Digits read as Sino-Korean numbers (1 일, 3 삼, 0 영 …); anything else keeps the
 * bracketed form, which is always correct.
 */

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;
const RIEUL = 8;
/** 받침 index (0 = none) of the Sino-Korean reading of each digit. */
const DIGIT_FINAL = [16 /* 영 ㅇ */, 8 /* 일 ㄹ */, 0, 16 /* 삼 ㅁ */, 0, 0, 1 /* 육 ㄱ */, 8 /* 칠 ㄹ */, 8 /* 팔 ㄹ */, 0];

/** The 받침 index of the word's last syllable (0 = none), or null when it cannot be told. */
export function finalConsonant(word: string): number | null {
  const last = [...word.trim().replace(/[\s)\]}"'”’.,!?]+$/u, "")].pop();
  if (!last) return null;
  const code = last.codePointAt(0) ?? 0;
  if (code >= HANGUL_FIRST && code <= HANGUL_LAST) return (code - HANGUL_FIRST) % 28;
  if (/[0-9]/.test(last)) return DIGIT_FINAL[Number(last)];
  return null;
}

type Pair = readonly [withFinal: string, withoutFinal: string, bracketed: string];

const PAIRS = {
  ro: ["으로", "로", "(으)로"],
  eul: ["을", "를", "을(를)"],
  i: ["이", "가", "이(가)"],
  eun: ["은", "는", "은(는)"],
  gwa: ["과", "와", "과(와)"],
} as const satisfies Record<string, Pair>;

/** `word` followed by the right particle: `withParticle("기업", "ro")` → "기업으로". */
export function withParticle(word: string, particle: keyof typeof PAIRS): string {
  const [withFinal, withoutFinal, bracketed] = PAIRS[particle];
  const final = finalConsonant(word);
  if (final === null) return `${word}${bracketed}`;
  if (final === 0 || (particle === "ro" && final === RIEUL)) return `${word}${withoutFinal}`;
  return `${word}${withFinal}`;
}
