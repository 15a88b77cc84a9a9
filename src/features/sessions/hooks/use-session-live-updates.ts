import { useEffect, useRef, useState } from "react";
import { hashKey, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { RealtimeChannel } from "@supabase/supabase-js";
import { supabase } from "@/lib/supabase";
import {
  applySubmissionChange,
  submissionsPollInterval,
  type SubmissionChangePayload,
  type SubmissionListItem,
} from "@/features/sessions/utils/submission-cache";

const REFETCH_DEBOUNCE_MS = 250;

export function sessionTopic(sessionId: string) {
  return `session:${sessionId}`;
}

/**
 * Subscribes to the private broadcast topic `session:<id>` and patches the cached submission list
 * under `queryKey`. `isLive` is true while the channel is SUBSCRIBED; callers poll otherwise.
 */
export function useSessionLiveUpdates(sessionId: string | null | undefined, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const [isLive, setIsLive] = useState(false);
  const keyRef = useRef(queryKey);
  keyRef.current = queryKey;
  const keyHash = hashKey(queryKey);

  useEffect(() => {
    if (!sessionId) return;
    const topic = sessionTopic(sessionId);
    let cancelled = false;
    let channel: RealtimeChannel | null = null;
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;

    const scheduleRefetch = () => {
      if (refetchTimer !== undefined) return;
      refetchTimer = setTimeout(() => {
        refetchTimer = undefined;
        if (!cancelled) void queryClient.invalidateQueries({ queryKey: keyRef.current, exact: true });
      }, REFETCH_DEBOUNCE_MS);
    };

    const onChange = (payload: SubmissionChangePayload) => {
      const key = keyRef.current;
      const current = queryClient.getQueryData<SubmissionListItem[]>(key);
      const change = applySubmissionChange(current, payload, sessionId);
      if (change.items !== current) queryClient.setQueryData<SubmissionListItem[]>(key, change.items);
      if (change.refetch) scheduleRefetch();
    };

    (async () => {
      try {
        await supabase.realtime.setAuth();
      } catch {
        // The join then carries whatever token the socket has; a refusal leaves us polling.
      }
      const stale = supabase.getChannels().filter((c) => c.topic === `realtime:${topic}`);
      if (stale.length > 0) await Promise.all(stale.map((c) => supabase.removeChannel(c)));
      if (cancelled) return;
      channel = supabase
        .channel(topic, { config: { private: true } })
        .on("broadcast", { event: "*" }, (message) => onChange(message.payload as SubmissionChangePayload))
        .subscribe((status) => {
          if (cancelled) return;
          const live = status === "SUBSCRIBED";
          setIsLive(live);
          // Catch up on anything written while the channel was down.
          if (live) scheduleRefetch();
        });
    })();

    return () => {
      cancelled = true;
      if (refetchTimer !== undefined) clearTimeout(refetchTimer);
      setIsLive(false);
      if (channel) void supabase.removeChannel(channel);
    };
  }, [sessionId, keyHash, queryClient]);

  return { isLive };
}

/** Query options for the submission list: polling (docs/product.md#polling) only while the channel is not live. */
export function submissionsRefetchOptions(isLive: boolean) {
  return {
    refetchInterval: (query: { state: { data: unknown } }) =>
      submissionsPollInterval(query.state.data as SubmissionListItem[] | undefined, isLive),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  } as const;
}
