import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { createBrowserRouter, RouterProvider, type RouteObject } from "react-router-dom";
import { RootLayout } from "@/app/layout/root-layout";
import { RouteError } from "@/app/layout/route-error";
import { ProtectedRoute } from "@/app/protected-route";
import { paths } from "@/config/paths";

const Workspace = lazy(() => import("@/app/routes/workspace"));
const MyWork = lazy(() => import("@/app/routes/my-work"));
const Plans = lazy(() => import("@/app/routes/plans"));
const PaymentSuccess = lazy(() => import("@/app/routes/payment-success"));
const PaymentFail = lazy(() => import("@/app/routes/payment-fail"));
const Billing = lazy(() => import("@/app/routes/billing"));
const AdminUsers = lazy(() => import("@/app/routes/admin-users"));
const AdminBlog = lazy(() => import("@/app/routes/admin-blog"));
const BlogList = lazy(() => import("@/app/routes/blog-list"));
const BlogPost = lazy(() => import("@/app/routes/blog-post"));
const Privacy = lazy(() => import("@/app/routes/privacy"));
const Terms = lazy(() => import("@/app/routes/terms"));
const NotFound = lazy(() => import("@/app/routes/not-found"));
const Account = lazy(() => import("@/app/routes/account"));
const ForgotPassword = lazy(() => import("@/app/routes/forgot-password"));
const ResetPassword = lazy(() => import("@/app/routes/reset-password"));
const SharedReport = lazy(() => import("@/app/routes/shared-report"));
const Login = lazy(() => import("@/app/routes/login"));

type Page = LazyExoticComponent<ComponentType>;

const protectedRoute = (path: string, Component: Page): RouteObject => ({
  path,
  element: (
    <ProtectedRoute>
      <Component />
    </ProtectedRoute>
  ),
});

const publicRoute = (path: string, Component: Page): RouteObject => ({ path, element: <Component /> });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      protectedRoute(paths.home.path, Workspace),
      protectedRoute(paths.dashboard.path, Workspace),
      protectedRoute(paths.sessions.path, Workspace),
      protectedRoute(paths.session.path, Workspace),
      protectedRoute(paths.sessionReport.path, Workspace),
      protectedRoute(paths.myWork.path, MyWork),
      protectedRoute(paths.plans.path, Plans),
      protectedRoute(paths.subscription.path, Plans),
      protectedRoute(paths.paymentSuccess.path, PaymentSuccess),
      protectedRoute(paths.paymentFail.path, PaymentFail),
      protectedRoute(paths.billing.path, Billing),
      protectedRoute(paths.adminUsers.path, AdminUsers),
      protectedRoute(paths.adminBlog.path, AdminBlog),
      protectedRoute(paths.account.path, Account),
      publicRoute(paths.login.path, Login),
      publicRoute(paths.forgotPassword.path, ForgotPassword),
      publicRoute(paths.resetPassword.path, ResetPassword),
      publicRoute(paths.blog.path, BlogList),
      publicRoute(paths.blogPost.path, BlogPost),
      publicRoute(paths.privacy.path, Privacy),
      publicRoute(paths.terms.path, Terms),
      publicRoute(paths.sharedReport.path, SharedReport),
      publicRoute("*", NotFound),
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
