import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { BrowserRouter, Route, Routes } from "react-router-dom";
import { RootLayout } from "@/app/layout/root-layout";
import { ProtectedRoute } from "@/app/protected-route";
import { paths } from "@/config/paths";

/**
 * A page loaded on demand, inside TanStack Query's provider (lib/query-provider.tsx, fetched with
 * the page): the router stays in declarative mode (BrowserRouter, no data router) and Query stays off
 * the first page of a signed-out visitor; both keep the landing within its JavaScript budget.
 */
function page(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const [{ default: Page }, { QueryProvider }] = await Promise.all([load(), import("@/lib/query-provider")]);
    return {
      default: function QueryPage() {
        return (
          <QueryProvider>
            <Page />
          </QueryProvider>
        );
      },
    };
  });
}

const Workspace = page(() => import("@/app/routes/workspace"));
const MyWork = page(() => import("@/app/routes/my-work"));
const Classes = page(() => import("@/app/routes/classes"));
const ClassDetail = page(() => import("@/app/routes/class-detail"));
const Library = page(() => import("@/app/routes/library"));
const Plans = page(() => import("@/app/routes/plans"));
const PaymentSuccess = page(() => import("@/app/routes/payment-success"));
const PaymentFail = page(() => import("@/app/routes/payment-fail"));
const Billing = page(() => import("@/app/routes/billing"));
const BillingManage = page(() => import("@/app/routes/billing-manage"));
const BillingCardSuccess = page(() => import("@/app/routes/billing-card-success"));
const BillingCardFail = page(() => import("@/app/routes/billing-card-fail"));
const AdminUsers = page(() => import("@/app/routes/admin-users"));
const AdminBlog = page(() => import("@/app/routes/admin-blog"));
const BlogList = page(() => import("@/app/routes/blog-list"));
const BlogPost = page(() => import("@/app/routes/blog-post"));
const Privacy = page(() => import("@/app/routes/privacy"));
const Terms = page(() => import("@/app/routes/terms"));
const NotFound = page(() => import("@/app/routes/not-found"));
const Account = page(() => import("@/app/routes/account"));
const ForgotPassword = page(() => import("@/app/routes/forgot-password"));
const ResetPassword = page(() => import("@/app/routes/reset-password"));
const SharedReport = page(() => import("@/app/routes/shared-report"));
const Intake = page(() => import("@/app/routes/intake"));
const Login = page(() => import("@/app/routes/login"));
const Student = page(() => import("@/app/routes/student"));
const OrgDashboard = page(() => import("@/app/routes/org-dashboard"));
const Org = page(() => import("@/app/routes/org"));
const Invite = page(() => import("@/app/routes/invite"));

type Page = LazyExoticComponent<ComponentType>;

const protectedRoutes: Array<[string, Page]> = [
  [paths.home.path, Workspace],
  [paths.dashboard.path, Workspace],
  [paths.sessions.path, Workspace],
  [paths.session.path, Workspace],
  [paths.sessionReport.path, Workspace],
  [paths.myWork.path, MyWork],
  [paths.classes.path, Classes],
  [paths.classDetail.path, ClassDetail],
  [paths.library.path, Library],
  [paths.plans.path, Plans],
  [paths.subscription.path, Plans],
  [paths.paymentSuccess.path, PaymentSuccess],
  [paths.paymentFail.path, PaymentFail],
  [paths.billing.path, Billing],
  [paths.billingManage.path, BillingManage],
  [paths.billingCardSuccess.path, BillingCardSuccess],
  [paths.billingCardFail.path, BillingCardFail],
  [paths.adminUsers.path, AdminUsers],
  [paths.adminBlog.path, AdminBlog],
  [paths.account.path, Account],
  [paths.student.path, Student],
  [paths.orgDashboard.path, OrgDashboard],
  [paths.org.path, Org],
];

const publicRoutes: Array<[string, Page]> = [
  [paths.login.path, Login],
  [paths.forgotPassword.path, ForgotPassword],
  [paths.resetPassword.path, ResetPassword],
  [paths.blog.path, BlogList],
  [paths.blogPost.path, BlogPost],
  [paths.privacy.path, Privacy],
  [paths.terms.path, Terms],
  [paths.sharedReport.path, SharedReport],
  [paths.intake.path, Intake],
  [paths.invite.path, Invite],
  ["*", NotFound],
];

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          {protectedRoutes.map(([path, Component]) => (
            <Route
              key={path}
              path={path}
              element={
                <ProtectedRoute>
                  <Component />
                </ProtectedRoute>
              }
            />
          ))}
          {publicRoutes.map(([path, Component]) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
