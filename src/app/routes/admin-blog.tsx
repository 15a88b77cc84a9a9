import { useAuth } from "@/lib/auth";
import { AccessDenied } from "@/features/admin/components/access-denied";
import { AdminBlogPage } from "@/features/blog/components/admin/admin-blog-page";

export default function AdminBlogRoute() {
  const { user } = useAuth();
  if (user?.isAdmin !== 1) return <AccessDenied />;
  return <AdminBlogPage />;
}
