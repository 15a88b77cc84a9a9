export const COMPANY_INFO = {
  name: "(주)에듀미디어",
  ceo: "김하늘",
  businessNumber: "123-45-67890",
  mailOrderNumber: "제2024-서울강남-01234호",
  address: "서울특별시 강남구 테헤란로 123, 8층",
  email: "support@edumedia.example.com",
  phone: "02-1234-5678",
  privacyOfficer: "이서준",
  privacyEmail: "privacy@edumedia.example.com",
} as const;
