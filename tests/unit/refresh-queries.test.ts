// After a change on the server, a query whose first fetch left before the change must end with the
// changed answer: invalidateQueries alone joins a first fetch in flight (no data yet) instead of
// restarting it, so the header kept showing 체험판 after a subscription started.
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refreshQueries } from "@/lib/mutation";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve: () => resolve(undefined as T) };
}

async function scenario(refresh: (client: QueryClient) => Promise<unknown>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let plan = "체험판";
  const first = deferred<void>();
  let requests = 0;
  const observer = new QueryObserver(client, {
    queryKey: ["usage", "status"],
    queryFn: async () => {
      const seen = plan; // what the server reads when the request arrives
      requests += 1;
      if (requests === 1) await first.promise; // the first answer is slow
      return seen;
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  expect(requests).toBe(1); // the first fetch left before the change
  plan = "교육자"; // the subscription starts on the server
  const refreshed = refresh(client);
  first.resolve(); // the stale answer arrives after the change
  await refreshed;
  await first.promise;
  await new Promise((r) => setTimeout(r, 0));
  const data = client.getQueryData<string>(["usage", "status"]);
  unsubscribe();
  client.clear();
  return data;
}

describe("refreshQueries", () => {
  it("restarts a first fetch that was in flight, so the changed answer wins", async () => {
    expect(await scenario((client) => refreshQueries(client, [["usage"]]))).toBe("교육자");
  });

  it("is needed: invalidateQueries alone keeps the first fetch's stale answer", async () => {
    expect(await scenario((client) => client.invalidateQueries({ queryKey: ["usage"] }))).toBe("체험판");
  });
});
