const faqs = (email: string) => [
  {
    q: "환불이 가능한가요?",
    a: "결제 후 7일 이내에 서비스를 이용하지 않으셨다면 100% 환불해 드립니다.",
  },
  {
    q: "월간 첨삭 횟수는 어떻게 계산되나요?",
    a: "첨삭 횟수는 매월 1일(한국 시간)에 초기화되며, 사용하지 않은 횟수는 다음 달로 이월되지 않습니다.",
  },
  {
    q: "플랜을 변경할 수 있나요?",
    a: "언제든지 변경하실 수 있으며, 변경된 플랜은 다음 결제 주기부터 적용됩니다.",
  },
  {
    q: "대량 구매나 맞춤형 플랜이 필요해요.",
    a: `학교·학원 등 대량 이용이나 맞춤형 평가 기준이 필요하시면 ${email} 으로 문의해 주세요.`,
  },
];

export function PlansFaq({ contactEmail }: { contactEmail: string }) {
  return (
    <section aria-labelledby="plans-faq-title" className="space-y-3">
      <h2 id="plans-faq-title" className="text-xl font-bold">
        자주 묻는 질문
      </h2>
      <div className="space-y-2">
        {faqs(contactEmail).map((item) => (
          <details key={item.q} className="collapse collapse-arrow border border-base-300 bg-base-100" open>
            <summary className="collapse-title font-medium">{item.q}</summary>
            <div className="collapse-content text-sm text-base-content/80">
              <p>{item.a}</p>
            </div>
          </details>
        ))}
      </div>
    </section>
  );
}
