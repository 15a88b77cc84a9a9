// Korean user-facing messages (docs/product.md#input-rules, #error-messages; API errors).

export const VALIDATION = {
  loginUsernameRequired: "사용자명을 입력해주세요",
  loginPasswordRequired: "비밀번호를 입력해주세요",
  usernameMin: "사용자명은 최소 3자 이상이어야 합니다",
  usernameMax: "사용자명은 최대 50자까지 가능합니다",
  usernamePattern: "사용자명은 영문, 숫자, 언더스코어만 사용 가능합니다",
  emailInvalid: "올바른 이메일 주소를 입력해주세요",
  displayNameMax: "표시 이름은 최대 100자까지 가능합니다",
  passwordMin: "비밀번호는 최소 6자 이상이어야 합니다",
  passwordMax: "비밀번호는 최대 100자까지 가능합니다",
  passwordMismatch: "비밀번호가 일치하지 않습니다",
  currentPasswordRequired: "현재 비밀번호를 입력해 주세요",
  planNotFound: "플랜을 찾을 수 없습니다.",
  invalidInput: "입력 정보를 다시 확인해 주세요.",
} as const;

/** Messages returned by the API in `{ error }` or `{ message }`. */
export const API_MESSAGES = {
  notFound: "요청한 경로를 찾을 수 없습니다.",
  methodNotAllowed: "허용되지 않은 요청 방식입니다.",
  loginRequired: "로그인이 필요합니다.",
  adminRequired: "관리자 권한이 필요합니다.",
  serverError: "서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
  invalidJson: "요청 본문이 올바른 JSON 형식이 아닙니다.",
  payloadTooLarge: "요청 본문이 너무 큽니다.",
  /** A multipart body above MAX_FORM_BYTES (the browser sends big batches in parts). */
  formTooLarge: "요청 본문이 너무 큽니다. 한 번에 보내는 파일 수를 줄여 여러 번에 나누어 보내 주세요.",
  multipartRequired: "파일 업로드 요청 형식이 올바르지 않습니다.",
  tooManyRequests: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
  invalidCredentials: "아이디 또는 비밀번호가 올바르지 않습니다.",
  usernameTaken: "이미 사용 중인 사용자명입니다.",
  emailTaken: "이미 등록된 이메일입니다.",
  registerSuccess: "회원가입이 완료되었습니다.",
  loginSuccess: "로그인되었습니다.",
  guestSuccess: "게스트로 로그인되었습니다.",
  registerFailed: "회원가입 중 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
  guestFailed: "게스트 로그인 중 오류가 발생했습니다.",
  userNotFound: "사용자를 찾을 수 없습니다.",
  /** Any write to a sample session (샘플로 체험하기) or its answers, except deleting them. */
  sampleReadOnly: "샘플 작업은 보기 전용입니다. 삭제만 할 수 있습니다. 직접 문제와 답안을 올려 새 작업을 만들어 주세요.",
} as const;

/** Toast titles and default descriptions (docs/product.md#toasts). */
export const TOAST = {
  auth: {
    loginFailTitle: "로그인 안내",
    loginFailDefault: "아이디와 비밀번호를 다시 확인해 주세요.",
    registerFailTitle: "회원가입 안내",
    registerFailDefault: "입력 정보를 다시 확인해 주세요.",
    guestFailTitle: "게스트 로그인 실패",
    guestFailDefault: "게스트 로그인 중 오류가 발생했습니다.",
    loginSuccessTitle: "로그인 성공",
    loginSuccessDefault: "환영합니다!",
    registerSuccessTitle: "회원가입 성공",
    registerSuccessDefault: "계정이 생성되었습니다.",
    guestSuccessTitle: "게스트 로그인 성공",
    guestSuccessDefault: "게스트로 로그인되었습니다.",
    logoutTitle: "로그아웃",
    logoutDescription: "성공적으로 로그아웃되었습니다.",
  },
  payment: {
    prepareFailTitle: "결제 준비 실패",
    prepareFail: "결제 준비에 실패했습니다.",
    widgetLoadFail: "결제 위젯 로드에 실패했습니다.",
    errorTitle: "결제 오류",
    widgetNotReady: "결제 위젯이 준비되지 않았습니다.",
    intentNotReady: "결제 준비가 완료되지 않았습니다.",
    cancelTitle: "결제 취소",
    canceled: "결제가 취소되었습니다.",
    requestFailDefault: "결제 요청 중 오류가 발생했습니다.",
    successTitle: "결제 완료",
    success: "결제가 정상적으로 처리되었습니다.",
    confirmFailTitle: "결제 승인 실패",
    confirmFailDefault: "결제 승인 중 오류가 발생했습니다.",
    missingQuery: "결제 정보가 누락되었습니다.",
    planNotFound: "플랜을 찾을 수 없습니다.",
    planChangeFailTitle: "플랜 변경 실패",
    planChangeFailDefault: "플랜 변경 중 오류가 발생했습니다.",
    planChangedTitle: "플랜 변경 완료",
    planChanged: (plan: string) => `${plan} 플랜으로 변경되었습니다.`,
  },
  admin: {
    deleteFailTitle: "계정 삭제 실패",
    deleteFailDefault: "계정 삭제 중 오류가 발생했습니다.",
    planChangeFailTitle: "구독 플랜 변경 실패",
    planChangeFailDefault: "구독 플랜 변경 중 오류가 발생했습니다.",
    emptyList: "등록된 회원이 없습니다.",
  },
  blog: {
    postNotFound: "게시글을 찾을 수 없습니다.",
    postLoadFail: "게시글을 불러올 수 없습니다.",
    uploadFailDefault: "파일 업로드에 실패했습니다.",
    tempDeleted: "임시 파일이 삭제되었습니다",
    urlCopied: "URL 복사 완료",
    formErrorTitle: "입력 오류",
    formError: "제목, 슬러그, 발췌, 내용은 필수 항목입니다.",
  },
} as const;

export const UI = {
  loading: "로딩 중...",
  guestUser: "게스트 사용자",
  notFound: "404 Page Not Found",
} as const;
