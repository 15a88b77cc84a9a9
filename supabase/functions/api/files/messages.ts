// Korean messages for files that are too big or too complex to read (413 / 422).
export const fileLimitMessages = {
  docxTooBig: "Word 문서(.docx)의 내용이 너무 크거나 복잡해서 처리할 수 없습니다. 문서를 나누어 올려 주세요.",
  pdfTooBig: "PDF 파일의 내용이 너무 크거나 복잡해서 처리할 수 없습니다. 문서를 나누어 올려 주세요.",
  pdfTooManyPages: (max: number) => `PDF 페이지 수가 너무 많습니다. ${max}페이지 이하로 나누어 올려 주세요.`,
  textTooLong: (max: number) => `문서의 글자 수가 너무 많습니다. ${max.toLocaleString("ko-KR")}자 이하의 문서를 올려 주세요.`,
  tooSlow: "파일을 읽는 데 시간이 너무 오래 걸려 처리를 중단했습니다. 파일을 확인한 뒤 다시 올려 주세요.",
} as const;

// Korean messages for upload form fields.
export const formMessages = {
  studentFieldTooLong: "학생 이름과 수험번호는 50자 이내로 입력해주세요.",
} as const;
