import { Section } from "@/components/ui/section";

const faqs = (email: string) => [
  {
    q: "환불이 가능한가요?",
    a: "결제 후 7일 이내에 첨삭을 한 번도 이용하지 않으셨다면 고객센터로 요청해 주세요. 확인 후 결제를 취소하여 100% 환불해 드리며, 환불되면 해당 결제로 이용하던 기간은 바로 끝나고 체험판으로 돌아갑니다.",
  },
  {
    q: "월간 첨삭 횟수는 어떻게 계산되나요?",
    a: "첨삭 횟수는 매월 1일(한국 시간)에 초기화되며, 사용하지 않은 횟수는 다음 달로 이월되지 않습니다.",
  },
  {
    q: "플랜을 변경할 수 있나요?",
    a: "더 높은 플랜은 결제 즉시 시작됩니다(현재 플랜의 남은 기간은 이어지지 않습니다). 더 낮은 플랜이나 체험판은 현재 이용 기간이 끝난 다음부터 적용되며, 체험판 변경 예약은 언제든 취소할 수 있습니다. 유료 플랜은 1개월 이용권이라 자동으로 결제되지 않으며, 기간이 끝나면 체험판으로 돌아갑니다.",
  },
  {
    q: "대량 구매나 맞춤형 플랜이 필요해요.",
    a: `학교·학원 등 대량 이용이나 맞춤형 평가 기준이 필요하시면 ${email} 으로 문의해 주세요.`,
  },
];

export function PlansFaq({ contactEmail }: { contactEmail: string }) {
  return (
    <Section title="자주 묻는 질문" testId="plans-faq">
      <dl className="divide-y divide-base-300 border-y border-base-300">
        {faqs(contactEmail).map((item) => (
          <div key={item.q} className="py-4">
            <dt className="font-medium">{item.q}</dt>
            <dd className="mt-1 text-sm text-base-content/80">{item.a}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
