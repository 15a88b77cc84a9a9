import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { NotFoundPage } from "@/components/layout/not-found-page";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useSubscriptionStatus } from "@/lib/usage";
import type { AnalysisSession } from "@shared/types.ts";
import { useSession } from "@/features/sessions/api/get-session";
import { SetupTab } from "@/features/sessions/components/setup-tab";
import { WorkspaceStart } from "@/features/sessions/components/workspace-start";
import { EssayTab } from "@/features/sessions/components/essay-tab";
import { SessionRequired } from "@/features/sessions/components/session-required";
import { adjacentReports, type WorkspaceTab, workspaceTabFromUrl, workspaceTabHref } from "@/features/sessions/utils/workspace-tabs";
import { useSubmissions } from "@/features/sessions/api/get-submissions";
import { sessionKeys } from "@/features/sessions/api/keys";
import { Dashboard } from "@/features/sessions/components/dashboard";
import { RosterStudentChooser } from "@/features/sessions/components/roster-student-chooser";
import { dashboardViewFromUrl, dashboardViewSearch } from "@/features/sessions/utils/class-results";
import { dashboardBadgeCount } from "@/features/sessions/utils/submission-stats";
import { useSubmissionActions } from "@/features/sessions/hooks/use-submission-actions";
import { UsageLimitDialog } from "@/features/sessions/components/usage-limit-dialog";
import { useUsageLimitDialog } from "@/features/sessions/hooks/use-usage-limit-dialog";
import { submissionsRefetchOptions, useSessionLiveUpdates } from "@/features/sessions/hooks/use-session-live-updates";
import { ReportView } from "@/features/sessions/components/report-view";
import { SESSION_MESSAGES } from "@/features/sessions/messages";
import { useReportDownload } from "@/features/sessions/hooks/use-report-download";

const TABS = ["setup", "essay", "dashboard"] as const satisfies readonly WorkspaceTab[];
const TAB_TEXT = SESSION_MESSAGES.tabs;

export default function WorkspaceRoute() {
  const { id: routeSessionId, submissionId } = useParams<{ id: string; submissionId: string }>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const subscription = useSubscriptionStatus();
  // Every screen is its URL (docs/product.md#workspace): the tab is `?tab=` when it is not the
  // path's default, the session is /sessions/<id>, a report /sessions/<id>/submissions/<sid>.
  const tab: WorkspaceTab = submissionId ? "dashboard" : workspaceTabFromUrl(location.pathname, searchParams.get("tab"));
  const sessionId = routeSessionId ?? null;
  const setTab = (next: WorkspaceTab) => {
    const base = submissionId && sessionId ? paths.session.getHref(sessionId) : location.pathname;
    navigate(workspaceTabHref(base, next), { replace: !submissionId });
  };
  const usageDialog = useUsageLimitDialog();

  const sessionQuery = useSession(sessionId);
  const session: AnalysisSession | null = sessionQuery.data ?? null;
  const live = useSessionLiveUpdates(session?.id ?? null, sessionKeys.submissions(session?.id ?? ""));
  const submissions = useSubmissions(session ? session.id : null, submissionsRefetchOptions(live.isLive));
  const reportId = submissionId ?? null;
  const reportDownload = useReportDownload();
  const submissionActions = useSubmissionActions(session?.id ?? null, usageDialog.show);
  const fromDashboard = (location.state as { fromDashboard?: boolean } | null)?.fromDashboard === true;
  const { prev: prevReport, next: nextReport } = adjacentReports(submissions.data, reportId ?? "");

  const openReport = (id: string, replace = false) => {
    if (!sessionId) return;
    navigate(paths.sessionReport.getHref(sessionId, id), { replace, state: { fromDashboard: replace ? fromDashboard : true } });
  };
  const closeReport = () => {
    if (fromDashboard) navigate(-1);
    else if (sessionId) navigate(paths.session.getHref(sessionId), { replace: true });
  };

  // A missing session and another user's look the same to the API (404): the app's not-found page, no toast.
  const notFound = sessionQuery.error instanceof ApiError && sessionQuery.error.status === 404;
  useEffect(() => {
    if (sessionQuery.isError && !notFound) {
      notify({ title: SESSION_MESSAGES.session.loadFailTitle, description: SESSION_MESSAGES.session.loadFail, variant: "destructive" });
    }
  }, [sessionQuery.isError, notFound]);

  // After sending answers the dashboard opens at its top (the essay form was scrolled to its button).
  const scrollToTop = (location.state as { scrollToTop?: boolean } | null)?.scrollToTop === true;
  useLayoutEffect(() => {
    if (scrollToTop) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [scrollToTop, location.key]);

  // What the plan in force allows comes from the server (subscription_plans); until it answers, one file.
  const maxFiles = subscription.data?.limits.filesPerUpload ?? 1;
  const batchAllowed = subscription.data?.limits.batch ?? false;
  const badge = dashboardBadgeCount(submissions.data);

  const onSubmitted = (id: string) => navigate(paths.session.getHref(id), { state: { scrollToTop: true } });

  if (notFound) return <NotFoundPage />;

  const heading = session ? session.title || session.promptFilename || TAB_TEXT.untitled : sessionId ? "" : TAB_TEXT.newSession;

  return (
    <section className="mx-auto w-full max-w-5xl space-y-4 px-4 py-8">
      {heading ? (
        <h1 className="text-2xl font-semibold break-words" data-testid="workspace-title">
          {heading}
        </h1>
      ) : (
        <div className="h-8" aria-hidden="true" />
      )}
      <Tabs value={tab} onValueChange={(v) => setTab(v as WorkspaceTab)}>
        <TabsList label={TAB_TEXT.listLabel} className="w-full">
          {TABS.map((key) => (
            <TabsTrigger key={key} value={key} className="flex-1 px-1.5 text-[13px] whitespace-nowrap sm:px-4 sm:text-sm">
              {TAB_TEXT[key].label}
              {key === "dashboard" && badge > 0 && (
                <Badge size="sm" variant="primary" data-testid="dashboard-tab-badge">
                  {badge}
                </Badge>
              )}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="setup" className="mt-4">
          {!sessionId && (
            <div className="mb-8">
              <WorkspaceStart />
            </div>
          )}
          <SetupTab
            session={session}
            onCreated={(created) => navigate(workspaceTabHref(paths.session.getHref(created.id), "essay"))}
            onNext={() => setTab("essay")}
            onUsageExceeded={usageDialog.show}
          />
        </TabsContent>
        <TabsContent value="essay" className="mt-4">
          {session ? (
            <EssayTab
              key={session.id}
              session={session}
              maxFiles={maxFiles}
              canBatch={batchAllowed}
              onSubmitted={onSubmitted}
              onUsageExceeded={usageDialog.show}
            />
          ) : (
            <SessionRequired onGoToSetup={() => setTab("setup")} />
          )}
        </TabsContent>
        <TabsContent value="dashboard" className="mt-4">
          {reportId ? (
            <ReportView
              key={reportId}
              submissionId={reportId}
              onBack={closeReport}
              onPrev={prevReport ? () => openReport(prevReport.id, true) : undefined}
              onNext={nextReport ? () => openReport(nextReport.id, true) : undefined}
            />
          ) : !sessionId ? (
            // /dashboard with no session: nothing to list, so the way back to setup.
            <SessionRequired onGoToSetup={() => setTab("setup")} />
          ) : (
            <Dashboard
              sessionId={sessionId}
              submissions={submissions.data}
              isLoading={Boolean(session) && submissions.isLoading}
              isLive={live.isLive}
              onView={(submission) => openReport(submission.id)}
              reportHref={(submission) => paths.sessionReport.getHref(sessionId, submission.id)}
              onDownload={(submission) => reportDownload.download(submission.id)}
              downloadingId={reportDownload.pendingId}
              renderExtra={(submission) => <RosterStudentChooser session={session} submission={submission} />}
              view={dashboardViewFromUrl(searchParams.get("view"))}
              onViewChange={(view) => navigate({ search: dashboardViewSearch(location.search, view) }, { replace: true })}
              {...submissionActions.dashboardProps}
            />
          )}
        </TabsContent>
      </Tabs>
      <UsageLimitDialog {...usageDialog.dialogProps} />
    </section>
  );
}
