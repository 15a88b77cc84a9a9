import { WandSparkles } from "lucide-react";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import {
  BLOG_CATEGORIES,
  BLOG_CATEGORY_LABELS,
  BLOG_MESSAGES,
  DEFAULT_BLOG_CATEGORY,
  blogPostFieldsSchema,
  splitTags,
  type BlogCategory,
  type BlogPost,
} from "@shared/blog.ts";
import { generateSlug } from "@shared/slug.ts";
import { notify } from "@/lib/notify";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";

export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  category: BlogCategory;
  tags: string;
  featuredImage: string;
  metaTitle: string;
  metaDescription: string;
  isPublished: boolean;
}

export const EMPTY_POST_FORM: PostFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  category: DEFAULT_BLOG_CATEGORY,
  tags: "",
  featuredImage: "",
  metaTitle: "",
  metaDescription: "",
  isPublished: false,
};

export function postToFormValues(post: BlogPost): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    content: post.content,
    category: post.category,
    tags: post.tags.join(", "),
    featuredImage: post.featuredImage ?? "",
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    isPublished: post.isPublished === 1,
  };
}

/** The JSON body of POST/PUT /blog/posts (without attachmentIds). */
export function formValuesToPayload(v: PostFormValues) {
  return {
    title: v.title.trim(),
    slug: v.slug.trim(),
    excerpt: v.excerpt.trim(),
    content: v.content,
    category: v.category,
    tags: splitTags(v.tags),
    featuredImage: v.featuredImage.trim() || null,
    metaTitle: v.metaTitle.trim() || null,
    metaDescription: v.metaDescription.trim() || null,
    isPublished: (v.isPublished ? 1 : 0) as 0 | 1,
  };
}

export interface BlogPostFormProps {
  editing: BlogPost | null;
  submitting: boolean;
  onSubmit: (payload: ReturnType<typeof formValuesToPayload>) => Promise<boolean>;
  onCancel: () => void;
}

function Required() {
  return (
    <span className="text-error" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function BlogPostForm({ editing, submitting, onSubmit, onCancel }: BlogPostFormProps) {
  const form = useForm<PostFormValues>({ defaultValues: EMPTY_POST_FORM });
  const { register, handleSubmit, reset, setValue, getValues, control } = form;

  useEffect(() => {
    reset(editing ? postToFormValues(editing) : EMPTY_POST_FORM);
  }, [editing, reset]);

  const submit = handleSubmit(async (values) => {
    const payload = formValuesToPayload(values);
    if (!payload.title || !payload.slug || !payload.excerpt || !payload.content.trim()) {
      notify({ title: "입력 오류", description: BLOG_MESSAGES.required, variant: "destructive" });
      return;
    }
    const checked = blogPostFieldsSchema.safeParse(payload);
    if (!checked.success) {
      notify({ title: "입력 오류", description: checked.error.issues[0]?.message ?? BLOG_MESSAGES.required, variant: "destructive" });
      return;
    }
    const ok = await onSubmit(payload);
    if (ok) reset(EMPTY_POST_FORM);
  });

  const autoSlug = () => setValue("slug", generateSlug(getValues("title")), { shouldDirty: true });

  return (
    <Card>
      <CardBody>
        <CardTitle className="text-lg">{editing ? "블로그 글 수정" : "새 블로그 글 작성"}</CardTitle>
        <form className="mt-2 grid gap-4" onSubmit={submit} noValidate data-testid="blog-post-form">
          <div>
            <Label htmlFor="post-title">
              제목
              <Required />
            </Label>
            <Input id="post-title" placeholder="글 제목을 입력하세요" {...register("title")} />
          </div>

          <div>
            <Label htmlFor="post-slug">
              슬러그 (URL)
              <Required />
            </Label>
            <div className="flex gap-2">
              <Input id="post-slug" placeholder="예: 논술-잘-쓰는-법-a1b2c3" {...register("slug")} />
              <Button variant="outline" onClick={autoSlug} title="제목으로 슬러그 생성">
                <WandSparkles className="size-4" aria-hidden="true" />
                자동 생성
              </Button>
            </div>
          </div>

          <div>
            <Label htmlFor="post-excerpt">
              발췌
              <Required />
            </Label>
            <Textarea id="post-excerpt" rows={2} placeholder="목록에 보여질 짧은 요약" {...register("excerpt")} />
          </div>

          <div>
            <Label htmlFor="post-content">
              내용
              <Required />
              <span className="ml-2 text-xs font-normal text-base-content/70">Markdown 또는 HTML 사용 가능</span>
            </Label>
            <Textarea id="post-content" rows={14} className="font-mono text-sm" {...register("content")} />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor="post-category">
                카테고리
                <Required />
              </Label>
              <Select
                id="post-category"
                options={BLOG_CATEGORIES.map((c) => ({ value: c, label: BLOG_CATEGORY_LABELS[c] }))}
                {...register("category")}
              />
            </div>
            <div>
              <Label htmlFor="post-tags">태그 (쉼표로 구분)</Label>
              <Input id="post-tags" placeholder="논술, 작문, 팁" {...register("tags")} />
            </div>
          </div>

          <div>
            <Label htmlFor="post-featured-image">대표 이미지 URL</Label>
            <Input id="post-featured-image" type="url" placeholder="https://..." {...register("featuredImage")} />
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <Label htmlFor="post-meta-title">SEO 제목</Label>
              <Input id="post-meta-title" {...register("metaTitle")} />
            </div>
            <div>
              <Label htmlFor="post-meta-description">SEO 설명</Label>
              <Input id="post-meta-description" {...register("metaDescription")} />
            </div>
          </div>

          <Controller
            control={control}
            name="isPublished"
            render={({ field }) => (
              <Switch id="post-published" checked={field.value} onCheckedChange={field.onChange} label={field.value ? "공개" : "비공개"} />
            )}
          />

          <div className="flex flex-wrap gap-2">
            <Button type="submit" loading={submitting}>
              {editing ? "수정하기" : "작성하기"}
            </Button>
            {editing && (
              <Button variant="ghost" onClick={onCancel} disabled={submitting}>
                취소
              </Button>
            )}
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
