// `npm run lint` (and the `lint` step of `npm test`): typescript-eslint, the rules of hooks, and the
// import boundaries of the code layout (README "Architecture"):
// - a feature (src/features/<x>) imports no other feature; what two features share goes to
//   src/components or src/lib;
// - src/components and src/lib import no feature;
// - in src, a path leaves its folder through `@/`, never `../../`, so the boundary rules (which read
//   the import text, not the resolved file) see every cross-folder import;
// - _shared (used by the SPA and the function) imports neither the function nor the SPA.
import { readdirSync } from "node:fs";
import { defineConfig } from "eslint/config";
import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync(new URL("./src/features", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const upTwo = {
  regex: "^\\.\\./\\.\\./",
  message: "Import from another folder of src through `@/` (the import-boundary rules read the path text).",
};

/** `no-restricted-imports` options; a later block replaces an earlier one's, so each block lists all it needs. */
const restrict = (...patterns) => ["error", { patterns }];

export default defineConfig(
  { ignores: ["dist/", "coverage/", "public/", ".local-data/", ".tmp/", ".cache/", ".vite/", "test-results/", "playwright-report/", "**/database.types.ts"] },
  {
    files: ["**/*.{ts,tsx,js}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node, ...globals.browser, Deno: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // `catch {}` is how this code says "a failure here changes nothing" (best-effort cleanup, optional files).
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    // Tests and the local stand-in read untyped JSON (API bodies, GoTrue/Realtime frames) as `any` on purpose.
    files: ["tests/**/*.{ts,tsx}", "local/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["src/**/*.{ts,tsx}", "tests/unit/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      // An error, not a warning: a missing dependency is a stale-value bug, and warnings are not
      // read in a test run. An intentional omission is written out with an eslint-disable and why.
      "react-hooks/exhaustive-deps": "error",
    },
  },
  { files: ["src/**/*.{ts,tsx}"], rules: { "no-restricted-imports": restrict(upTwo) } },
  ...features.map((name) => ({
    files: [`src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": restrict(upTwo, {
        regex: `^@/features/(?!${name}/)`,
        message: `Features do not import each other: move what src/features/${name} needs from another feature to src/components or src/lib.`,
      }),
    },
  })),
  {
    files: ["src/components/**/*.{ts,tsx}", "src/lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": restrict(upTwo, {
        regex: "^@/features/",
        message: "src/components and src/lib import no feature: pass what they need in from the feature.",
      }),
    },
  },
  {
    files: ["supabase/functions/_shared/**/*.ts"],
    rules: {
      "no-restricted-imports": restrict({
        regex: "^(\\.\\./api/|@/)",
        message: "_shared is used by the SPA and the function: it imports neither.",
      }),
    },
  },
);
