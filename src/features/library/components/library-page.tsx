import { LIBRARY_TEXT } from "@/components/library/messages";
import { Section } from "@/components/ui/section";
import { Skeleton } from "@/components/ui/skeleton";
import { useRubrics, useSavedComments } from "@/lib/library";
import { CommentLibrary } from "@/features/library/components/comment-library";
import { RubricLibrary } from "@/features/library/components/rubric-library";
import { LIBRARY_PAGE_TEXT as T } from "@/features/library/messages";

const Failed = () => (
  <p role="alert" className="text-sm text-error">
    {T.loadFailed}
  </p>
);

/** /library: 평가 기준 보관함, the teacher's (and the active organisation's) rubrics and saved comments. */
export function LibraryPage() {
  const rubrics = useRubrics();
  const comments = useSavedComments();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8" data-testid="library-page">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{LIBRARY_TEXT.pageTitle}</h1>
        <p className="text-sm text-base-content/75">{LIBRARY_TEXT.pageIntro}</p>
      </header>
      <Section title={T.rubricsTitle} description={T.rubricsDescription}>
        {rubrics.isPending ? <Skeleton className="h-40" /> : rubrics.isError ? <Failed /> : <RubricLibrary rubrics={rubrics.data} />}
      </Section>
      <Section title={T.commentsTitle} description={T.commentsDescription}>
        {comments.isPending ? <Skeleton className="h-24" /> : comments.isError ? <Failed /> : <CommentLibrary comments={comments.data} />}
      </Section>
    </div>
  );
}
