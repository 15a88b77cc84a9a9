/** Korean text of the first-visit guidance: the empty workspace, the sample run and the tab hints. */
export const ONBOARDING_MESSAGES = {
  start: {
    title: "어떻게 시작할까요?",
    sampleTitle: "샘플로 체험하기",
    sampleText:
      "준비된 논술 문제, 평가 기준, 수준이 다른 답안 3개로 1분 안에 실시간 채점과 첨삭 리포트를 봅니다. 사용 횟수에 포함되지 않습니다.",
    sampleButton: "샘플로 체험하기",
    sampleBusy: "샘플 준비 중...",
    ownTitle: "내 문제로 시작하기",
    ownText:
      "아래에서 논술 문제 파일(필수)과 평가 기준 파일(선택)을 올리고 다음 단계를 누르세요. 그다음 학생 답안을 입력하거나 파일로 올리면 됩니다.",
  },
  sample: {
    startedTitle: "샘플 체험 시작",
    startedDefault: "샘플 답안 3개의 첨삭을 시작했습니다. 샘플 체험은 사용 횟수에 포함되지 않습니다.",
    failTitle: "샘플 체험 안내",
    failDefault: "샘플을 준비하지 못했습니다. 잠시 후 다시 시도해 주세요.",
  },
  hints: {
    close: "안내 닫기",
    setup: {
      title: "처음이신가요?",
      text: "논술 문제는 꼭 필요하고, 평가 기준은 없어도 됩니다. 기준에 '논리 구조 40점'처럼 영역과 배점을 적으면 그 기준으로 채점합니다. 사진(JPG, PNG)도 올릴 수 있습니다.",
    },
    essay: {
      title: "답안 파일 이름으로 학생을 알아봅니다",
      text: "파일 이름에 학생 이름(한글 2~4자)과 수험번호(숫자 3~12자리)를 밑줄, 빈칸 또는 하이픈으로 나눠 적으면 자동으로 채워집니다. 예:",
      examples: ["홍길동_20240101.docx", "20240102 김하늘.pdf", "이도윤-2024103.txt"],
    },
  },
} as const;
