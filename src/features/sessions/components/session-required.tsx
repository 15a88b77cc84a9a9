import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";

export function SessionRequired({ onGoToSetup }: { onGoToSetup: () => void }) {
  return (
    <Card>
      <CardBody className="items-center text-center">
        <h3 className="text-lg font-semibold">설정이 필요합니다</h3>
        <p className="text-base-content/70">먼저 논술 문제를 설정해주세요</p>
        <Button className="mt-2" onClick={onGoToSetup}>
          문제 설정하러 가기
        </Button>
      </CardBody>
    </Card>
  );
}
