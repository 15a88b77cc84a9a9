// Playwright global setup: reuse the stack `npm test` started (TEST_APP_URL), or start one on free ports.
import type { FullConfig } from "@playwright/test";

// The stack serves the SPA's production build (local/web.ts), built once per change of the sources.
async function warmUp(appUrl: string) {
  for (const path of ["/"]) {
    await fetch(new URL(path, appUrl))
      .then((res) => res.text())
      .catch(() => undefined);
  }
}

export default async function globalSetup(_config: FullConfig) {
  if (process.env.TEST_APP_URL) {
    await warmUp(process.env.TEST_APP_URL);
    return;
  }
  const { startTestEnvironment } = await import("../helpers/global-setup.ts");
  const testEnv = await startTestEnvironment({ app: true });
  Object.assign(process.env, testEnv.env);
  if (!process.env.TEST_APP_URL) {
    await testEnv.stop();
    throw new Error("the test stack did not start the SPA (is vite.config.ts present?)");
  }
  await warmUp(process.env.TEST_APP_URL);
  return async () => {
    await testEnv.stop();
  };
}
