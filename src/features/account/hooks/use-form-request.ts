import { useState } from "react";
import { errorMessage } from "@/lib/api-client";

/**
 * One form's request: `run(request, fallback)` clears the form's error, is `busy` while the request
 * runs, and on failure shows its message (the server's, else `fallback`). `setError` is for the
 * form's own checks before it runs.
 */
export function useFormRequest() {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const run = async (request: () => Promise<void>, fallback: string) => {
    setError(undefined);
    setBusy(true);
    try {
      await request();
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}
