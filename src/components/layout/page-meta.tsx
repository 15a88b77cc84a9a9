// A page's <title>, description and Open Graph / Twitter tags, rendered where the page renders:
// React 19 hoists them into <head> while the page is mounted and removes them after, and a page's
// <title> goes before index.html's default one, so it is the document's title.

export const SITE_NAME = "AI 논술 첨삭";
export const SITE_DESCRIPTION =
  "AI 논술 첨삭 서비스: 논술 문제와 평가 기준, 학생 답안을 올리면 AI가 논리 구조, 근거의 타당성, 언어 표현을 분석해 점수와 구체적인 첨삭 리포트를 제공합니다.";

export interface PageMetaProps {
  /** Document title; also og:title / twitter:title unless `shareTitle` is given. */
  title?: string | null;
  shareTitle?: string | null;
  description?: string | null;
  /** og:description / twitter:description; the description when absent. */
  shareDescription?: string | null;
  image?: string | null;
  type?: "website" | "article";
}

export function PageMeta({ title, shareTitle, description, shareDescription, image, type = "website" }: PageMetaProps) {
  const ogTitle = shareTitle || title;
  const ogDescription = shareDescription || description;
  return (
    <>
      {title && <title>{title}</title>}
      {description && <meta name="description" content={description} />}
      {ogTitle && <meta property="og:title" content={ogTitle} />}
      {ogDescription && <meta property="og:description" content={ogDescription} />}
      {ogTitle && <meta property="og:type" content={type} />}
      {image && <meta property="og:image" content={image} />}
      {ogTitle && <meta name="twitter:title" content={ogTitle} />}
      {ogDescription && <meta name="twitter:description" content={ogDescription} />}
    </>
  );
}
