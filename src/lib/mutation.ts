import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * Makes what `keys` names read again after a change on the server. A request still in flight is
 * cancelled first: it may have left before the change, and a query's first fetch (no data yet) is
 * otherwise joined rather than restarted by `invalidateQueries`, so its stale answer would stay
 * (the header's usage showed 체험판 right after a subscription started, until its next poll).
 */
export function refreshQueries(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(
    keys.map(async (queryKey) => {
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    }),
  );
}

/**
 * A mutation that, when it is done, refreshes the queries `keys(input)` names (all at once; the
 * mutation's promise waits for the refetches). `when: "settled"` also refreshes after a failure
 * (e.g. a submission that was refused still spent nothing, but the usage shown may be stale).
 */
export function useInvalidatingMutation<TData, TInput>(
  mutationFn: (input: TInput) => Promise<TData>,
  keys: (input: TInput) => readonly QueryKey[],
  when: "success" | "settled" = "success",
) {
  const queryClient = useQueryClient();
  const invalidate = (input: TInput) => refreshQueries(queryClient, keys(input));
  return useMutation<TData, Error, TInput>({
    mutationFn,
    onSuccess: when === "success" ? (_data, input) => invalidate(input) : undefined,
    onSettled: when === "settled" ? (_data, _error, input) => invalidate(input) : undefined,
  });
}
