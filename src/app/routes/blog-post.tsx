import { useParams } from "react-router-dom";
import { PostView } from "@/features/blog/components/post-view";

export default function BlogPostRoute() {
  const { slug = "" } = useParams();
  return <PostView key={slug} slug={slug} />;
}
