// Built-in rubric templates for the common forms of 논술: read-only starting points that the setup's
// "평가 기준 불러오기" copies into the session's rubric (then edited there, or saved as the teacher's own).
// Each is a session rubric (rubricSchema in session-setup.ts): 1–10 categories, whole points, 100 in all.
import type { LibraryRubric } from "./library.ts";

const template = (id: string, name: string, description: string, criteria: LibraryRubric["criteria"]): LibraryRubric => ({
  id: `builtin-${id}`,
  name,
  description,
  criteria,
  builtIn: true,
  shared: false,
  mine: false,
  canEdit: false,
  updatedAt: null,
});

export const RUBRIC_TEMPLATES: readonly LibraryRubric[] = [
  template("humanities", "인문 논술", "제시문의 관점을 비교·분석하고 자신의 견해를 논증하는 인문계 논술", [
    {
      name: "논제 파악",
      maxScore: 20,
      description: "논제가 요구하는 과제(비교, 평가, 견해 제시)를 정확히 이해하고 답안의 방향을 잡았는가",
    },
    {
      name: "제시문 분석·비교",
      maxScore: 25,
      description: "각 제시문의 핵심 관점을 정확히 요약하고, 기준을 세워 공통점과 차이점을 비교했는가",
    },
    { name: "논증의 타당성", maxScore: 25, description: "주장과 근거가 논리적으로 이어지고, 예상되는 반론을 고려해 견해를 뒷받침했는가" },
    { name: "구성과 전개", maxScore: 15, description: "서론·본론·결론이 유기적으로 이어지고 문단마다 중심 생각이 분명한가" },
    { name: "표현의 정확성", maxScore: 15, description: "개념어를 정확히 쓰고 문장이 간결하며 맞춤법·띄어쓰기와 분량 조건을 지켰는가" },
  ]),
  template("social", "사회 현상 분석", "사회 현상의 원인과 영향을 분석하고 대안을 제시하는 사회계 논술", [
    { name: "현상의 정확한 기술", maxScore: 20, description: "제시된 사회 현상과 자료의 내용을 왜곡 없이 핵심 위주로 정리했는가" },
    {
      name: "원인과 배경 분석",
      maxScore: 25,
      description: "현상의 원인을 개인·제도·구조 등 여러 층위에서 설명하고 원인과 결과를 구분했는가",
    },
    { name: "개념과 이론의 활용", maxScore: 20, description: "사회과학의 개념이나 이론을 적절히 끌어와 현상을 설명하는 틀로 썼는가" },
    {
      name: "영향 평가와 대안",
      maxScore: 20,
      description: "현상이 누구에게 어떤 영향을 미치는지 평가하고, 실현 가능한 대안을 근거와 함께 제시했는가",
    },
    { name: "구성과 표현", maxScore: 15, description: "논지가 처음부터 끝까지 일관되고, 객관적인 어조와 정확한 문장으로 썼는가" },
  ]),
  template("debate", "찬반 논증", "쟁점에 대해 한쪽 입장을 정하고 반론까지 다루어 설득하는 논증문", [
    { name: "입장의 명료성", maxScore: 15, description: "찬성 또는 반대 입장을 서론에서 분명히 밝히고 결론까지 일관되게 유지했는가" },
    { name: "근거의 적절성", maxScore: 30, description: "주장을 뒷받침하는 근거가 구체적이고 사실·통계·사례로 신뢰할 만하게 제시되었는가" },
    { name: "반론 고려와 재반박", maxScore: 25, description: "상대 입장의 가장 강한 논거를 공정하게 소개하고 설득력 있게 재반박했는가" },
    { name: "논리적 전개", maxScore: 15, description: "전제에서 결론까지 비약이나 논리적 오류 없이 단계적으로 논증했는가" },
    { name: "설득력 있는 표현", maxScore: 15, description: "논증에 맞는 어휘와 문장을 쓰고 감정적 표현을 절제했으며 맞춤법을 지켰는가" },
  ]),
  template("data", "자료 해석", "표·그래프 등 자료를 읽고 해석하여 논제에 답하는 자료 해석형 논술", [
    {
      name: "자료의 정확한 읽기",
      maxScore: 30,
      description: "표·그래프의 수치, 단위, 기간, 추세를 정확히 읽고 논제에 필요한 정보를 골라냈는가",
    },
    { name: "해석과 추론", maxScore: 25, description: "자료가 보여 주는 의미를 타당하게 해석하고 상관관계와 인과관계를 구분했는가" },
    { name: "논제와의 연결", maxScore: 20, description: "자료 해석을 논제의 물음과 연결하여 자신의 주장을 뒷받침하는 근거로 썼는가" },
    {
      name: "자료의 한계 인식",
      maxScore: 10,
      description: "표본, 기간, 측정 방식 등 자료가 말해 주지 않는 부분을 짚고 성급한 일반화를 피했는가",
    },
    { name: "구성과 표현", maxScore: 15, description: "수치를 정확히 인용하고 간결한 문장으로 짜임새 있게 썼는가" },
  ]),
  template("summary", "요약·비판", "제시문을 요약한 뒤 그 주장의 전제와 논리를 비판하는 논술", [
    { name: "요약의 정확성", maxScore: 25, description: "제시문의 핵심 주장과 주요 근거를 빠짐없이, 왜곡 없이 담았는가" },
    { name: "요약의 간결성", maxScore: 15, description: "원문을 옮겨 적지 않고 자기 말로 재구성했으며 지엽적인 예시를 덜어 냈는가" },
    { name: "비판의 타당성", maxScore: 30, description: "제시문의 전제, 논리 전개, 근거의 약점을 구체적으로 짚어 비판했는가" },
    { name: "대안과 자기 견해", maxScore: 15, description: "비판에 그치지 않고 근거를 갖춘 자신의 견해나 대안을 제시했는가" },
    { name: "구성과 표현", maxScore: 15, description: "요약과 비판을 구분해 전개하고 문장이 정확하며 분량 조건을 지켰는가" },
  ]),
];

/** The template with this id (`builtin-…`), if any. */
export function rubricTemplate(id: string): LibraryRubric | undefined {
  return RUBRIC_TEMPLATES.find((t) => t.id === id);
}

export const isBuiltInRubricId = (id: string) => id.startsWith("builtin-");
