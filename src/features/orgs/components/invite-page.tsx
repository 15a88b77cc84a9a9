import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { errorMessage } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { notify } from "@/lib/notify";
import { notifyFailure } from "@/lib/notify-failure";
import { useActiveSpace } from "@/lib/orgs";
import { ORG_MESSAGES, ORG_ROLE_LABELS } from "@shared/orgs.ts";
import { useAcceptInvitation, useInvitationPreview } from "@/features/orgs/api";
import { ORGS_TEXT as T } from "@/features/orgs/messages";

const STATE_MESSAGE = {
  expired: ORG_MESSAGES.invitationExpired,
  revoked: ORG_MESSAGES.invitationRevoked,
  used: ORG_MESSAGES.invitationUsed,
};

/**
 * /invite/:token: the invitation's organisation and role; signed out, `signIn` (the login card) under it;
 * signed in, 참여하기 joins, switches to the organisation's space and opens the 기관 page.
 */
export function InvitePage({ token, signIn }: { token: string; signIn: ReactNode }) {
  const { user, isLoading } = useAuth();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation(token);
  const space = useActiveSpace(Boolean(user) && user?.isGuest !== 1);
  const navigate = useNavigate();

  if (isLoading || preview.isLoading) return <PageSpinner />;
  const inv = preview.data;
  if (!inv) {
    return (
      <div className="mx-auto w-full max-w-lg px-4 py-10">
        <p role="alert" className="alert alert-error alert-soft">
          {T.inviteNotFound}
        </p>
      </div>
    );
  }
  const role = ORG_ROLE_LABELS[inv.role];
  if (!user) {
    return (
      <>
        <div className="mx-auto w-full max-w-6xl px-4 pt-8 sm:px-6">
          <p role="status" className="alert alert-info alert-soft" data-testid="invite-banner">
            {inv.valid ? T.signInFirst(inv.orgName, role) : STATE_MESSAGE[inv.state as keyof typeof STATE_MESSAGE]}
          </p>
        </div>
        {inv.valid && signIn}
      </>
    );
  }
  const join = () =>
    accept.mutate(undefined, {
      onSuccess: (r) => {
        notify({ title: T.join, description: r.message });
        space.switchTo(r.org.id);
        navigate(paths.org.getHref());
      },
      onError: (e) => notifyFailure(T.joinFail, errorMessage(e, T.joinFail)),
    });
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-10" data-testid="invite-page">
      <Card>
        <CardBody className="gap-4">
          <h1 className="text-2xl font-semibold">{T.inviteHeading}</h1>
          <p className="text-base">{T.invitedAs(inv.orgName, role)}</p>
          {inv.valid ? (
            <div className="flex justify-end">
              <Button onClick={join} loading={accept.isPending}>
                {T.join}
              </Button>
            </div>
          ) : (
            <>
              <p role="alert" className="text-sm text-error">
                {STATE_MESSAGE[inv.state as keyof typeof STATE_MESSAGE]}
              </p>
              <Link to={paths.org.getHref()} className="link link-primary link-hover text-sm">
                {T.toOrg}
              </Link>
            </>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
