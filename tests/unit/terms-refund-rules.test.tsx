// @vitest-environment jsdom
// The terms' refund and withdrawal rules say what the billing SQL does: a full refund of a month in
// progress does not cancel months already paid after it (they start at the refund, full length),
// and a deleted account's payment records are kept without the person for 5 years.
import { cleanup, render } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { TermsPage } from "@/features/legal/components/terms-page";

afterEach(cleanup);

describe("TermsPage", () => {
  it("keeps later paid months after a full refund and keeps anonymous payment records for 5 years", () => {
    render(
      <MemoryRouter>
        <TermsPage />
      </MemoryRouter>,
    );
    const text = document.body.textContent ?? "";
    expect(text).toContain("그 기간은 취소되지 않고 환불 시점부터 바로 시작되어 결제한 기간 전체를 이용할 수 있으며");
    expect(text).not.toContain("아직 시작되지 않은 연장·예약 기간은 취소됩니다");
    expect(text).toContain("회원을 알아볼 수 있는 정보를 지운 채 5년간 보관한 뒤 삭제합니다");
  });
});
