export default function MyWorkRoute() {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <h1 className="text-2xl font-bold">내 작업 목록</h1>
      <p className="mt-2 text-base-content/70">준비 중인 화면입니다.</p>
    </section>
  );
}
