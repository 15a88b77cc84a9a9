/** 29900 → "29,900" (won, thousands separators). */
export function formatWon(amount: number) {
  return amount.toLocaleString("ko-KR");
}
