// The dashboard's tables: this month's gradings per teacher (with their cap) and per class.
import { Link } from "react-router-dom";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState, Section } from "@/components/ui/section";
import { paths } from "@/config/paths";
import type { OrgUsageClass, OrgUsageTeacher } from "./api";
import { count, FORMER_MEMBER, ROLE_LABEL } from "./labels";

const roleOf = (t: OrgUsageTeacher) => (t.role ? ROLE_LABEL[t.role] : FORMER_MEMBER);

export function TeacherUsageSection({ teachers }: { teachers: OrgUsageTeacher[] }) {
  return (
    <Section
      title="선생님별 사용량"
      description="이번 달 기관 공동 한도에서 채점한 횟수와 선생님별 월 한도입니다. 소유자의 개인 공간 채점도 공동 한도에서 차감됩니다."
      testId="org-teachers"
    >
      <DataTable
        region="선생님별 사용량"
        columns={[
          "이름",
          { label: "역할", className: "hidden sm:table-cell" },
          { label: "이번 달 채점", end: true },
          { label: "월 한도", end: true },
        ]}
      >
        {teachers.map((t) => (
          <tr key={t.userId}>
            <th scope="row" className="font-normal">
              {t.name}
              {/* on a phone the role sits under the name, so the numbers fit the width */}
              <span className="block text-xs text-base-content/75 sm:hidden">{roleOf(t)}</span>
            </th>
            <td className={t.role ? "hidden sm:table-cell" : "hidden text-base-content/75 sm:table-cell"}>{roleOf(t)}</td>
            <td className="text-right tabular-nums">{count(t.count)}</td>
            <td className="text-right tabular-nums">{t.cap === null ? "없음" : count(t.cap)}</td>
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}

export function ClassUsageSection({ classes }: { classes: OrgUsageClass[] }) {
  return (
    <Section title="반별 사용량" description="반에 배정된 과제에서 이번 달 채점한 답안 수입니다." testId="org-classes">
      {classes.length === 0 ? (
        <EmptyState title="이번 달 반 과제에서 채점한 답안이 없습니다." />
      ) : (
        <DataTable region="반별 사용량" columns={["반", { label: "채점한 답안", end: true }]}>
          {classes.map((c) => (
            <tr key={c.classId}>
              <th scope="row" className="font-normal">
                <Link className="link link-hover text-primary" to={paths.classDetail.getHref(c.classId)}>
                  {c.name}
                </Link>
              </th>
              <td className="text-right tabular-nums">{count(c.count, "개")}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}
