// The privacy policy's articles on the overseas transfer to the AI provider (개인정보 보호법 제28조의8)
// and on answers of students under 14 that a teacher uploads. What they list is what the grader sends
// (supabase/functions/api/grading/llm.ts, image-reading.ts): the answer, the question, the criteria,
// the anchor answers and photographed files; never the student name or number, nor account details.
import { type AiProvider, aiProvider } from "@/features/legal/utils/ai-provider";

export function OverseasTransferSection({ provider = aiProvider }: { provider?: AiProvider }) {
  return (
    <section aria-labelledby="overseas-transfer">
      <h2 id="overseas-transfer">제5조의2 (개인정보의 국외 이전)</h2>
      <p>
        회사는 AI 채점을 위하여 다음과 같이 개인정보를 국외로 이전합니다. 이전되는 정보는 이용자(교사)가 채점을 요청한 답안에 한정됩니다.
      </p>
      <div className="overflow-x-auto">
        <table className="table">
          <tbody>
            <tr>
              <th scope="row">이전받는 자</th>
              <td>
                {provider.name} (개인정보 관련 연락처: {provider.contact})
              </td>
            </tr>
            <tr>
              <th scope="row">이전되는 국가</th>
              <td>{provider.country}</td>
            </tr>
            <tr>
              <th scope="row">이전되는 항목</th>
              <td>
                학생 답안의 본문(직접 입력하거나 파일에서 읽은 글), 사진·스캔으로 올린 답안·논술 문제·평가 기준의 이미지, 논술 문제와 평가
                기준(채점 항목·배점·설명), 교사가 등록한 기준 답안과 그 점수. 학생 이름과 수험번호, 회원의 아이디·이메일·결제 정보는 보내지
                않습니다.
              </td>
            </tr>
            <tr>
              <th scope="row">이전 시기와 방법</th>
              <td>채점이나 재채점을 요청할 때마다, 답안 한 건씩 암호화된 통신(TLS)으로 제공자의 API에 전송합니다.</td>
            </tr>
            <tr>
              <th scope="row">이용 목적</th>
              <td>답안의 채점과 첨삭 결과 생성, 사진·스캔 속 글자 읽기</td>
            </tr>
            <tr>
              <th scope="row">보유·이용 기간</th>
              <td>{provider.retention}.</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p>
        답안 본문이나 사진에 학생이 직접 적은 이름 등이 있으면 그대로 전송되므로, 답안에 이름을 적지 않게 하거나 지운 뒤 올리시기를
        권합니다.
      </p>
      <p>
        <strong>거부 방법과 거부의 효과:</strong> 국외 이전을 원하지 않으면 답안의 AI 채점을 요청하지 않으시면 됩니다(이미 올린 답안과
        결과는 언제든 삭제할 수 있습니다). 다만 이 서비스의 채점·첨삭은 AI 제공자를 통해서만 이루어지므로, 거부하면 채점 기능을 이용할 수
        없습니다. 국외 이전 없이 이용하려는 학교·기관은 서비스를 직접 설치하여 외부 AI 없이 내장 오프라인 분석기로 채점할 수 있습니다.
        오프라인 분석기로 채점하는 경우(결과에 &quot;AI 채점 아님&quot;으로 표시)에는 답안이 국외로 이전되지 않습니다. 거부나 문의는
        제10조의 개인정보 보호책임자에게 요청하실 수 있습니다.
      </p>
    </section>
  );
}

export function ChildrenSection() {
  return (
    <section aria-labelledby="children">
      <h2 id="children">제5조의3 (만 14세 미만 학생의 답안)</h2>
      <p>
        교사 등 이용자가 만 14세 미만 학생의 답안을 올리는 경우, 이용자는 그 학생의 법정대리인 동의를 받았거나 학교의 교육 활동 등 법령에
        따른 처리 근거가 있어야 하며, 제5조의2의 국외 이전에 대해서도 같습니다. 이때 회사는 학생에게서 직접 개인정보를 수집하거나 학생
        계정을 만들지 않으며, 올린 답안은 이용자가 요청한 채점·첨삭과 결과 제공에만 이용합니다. 학생 이름과 수험번호는 선택 입력이므로 비워
        둘 수 있습니다.
      </p>
      <p>
        이용자는 답안과 결과를 언제든지 직접 삭제할 수 있고(답안 삭제 또는 채점 세션 삭제, 저장된 원본 파일도 함께 삭제됩니다), 학생에게
        보낸 열람 링크도 취소할 수 있습니다. 법정대리인은 해당 교사 또는 회사의 개인정보 보호책임자에게 열람·정정·삭제를 요구할 수 있으며,
        회사는 요청을 확인하는 대로 지체 없이 조치합니다.
      </p>
    </section>
  );
}
