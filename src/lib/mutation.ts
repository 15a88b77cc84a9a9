import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";

/**
 * A mutation that, when it is done, invalidates the queries `keys(input)` names (all at once; the
 * mutation's promise waits for the refetches). `when: "settled"` also refreshes after a failure
 * (e.g. a submission that was refused still spent nothing, but the usage shown may be stale).
 */
export function useInvalidatingMutation<TData, TInput>(
  mutationFn: (input: TInput) => Promise<TData>,
  keys: (input: TInput) => readonly QueryKey[],
  when: "success" | "settled" = "success",
) {
  const queryClient = useQueryClient();
  const invalidate = (input: TInput) => Promise.all(keys(input).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation<TData, Error, TInput>({
    mutationFn,
    onSuccess: when === "success" ? (_data, input) => invalidate(input) : undefined,
    onSettled: when === "settled" ? (_data, _error, input) => invalidate(input) : undefined,
  });
}
