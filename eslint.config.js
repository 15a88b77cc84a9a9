// `npm run lint` (and the `lint` step of `npm test`): typescript-eslint, the rules of hooks, and the
// import boundaries of the code layout (README "Architecture"):
// - a feature (src/features/<x>) imports no other feature; what two features share goes to
//   src/components or src/lib;
// - src/components and src/lib import no feature;
// - in src, a path leaves its folder through `@/`, never `../../`, so the boundary rules (which read
//   the import text, not the resolved file) see every cross-folder import;
// - _shared (used by the SPA and the function) imports neither the function nor the SPA;
// - in the edge function (supabase/functions/api), a domain folder (one per URL prefix) imports no
//   other domain: what two domains share goes down into a layer, and a layer imports only the layers
//   below it (`API_LAYERS`), so the function's imports point one way (rule `api/layers`).
import { readdirSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
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

const apiRoot = fileURLToPath(new URL("./supabase/functions/api/", import.meta.url));

/**
 * The function's shared layers, top to bottom: the upload readers, the grading pipeline, then lib/
 * (infrastructure and what several domains share). Every other folder is a domain.
 */
const API_LAYERS = ["files", "grading", "lib"];

/** The top folder under supabase/functions/api of a file ("" for the function's root files), or null outside it. */
function apiFolder(file) {
  const rel = relative(apiRoot, file);
  if (rel.startsWith("..") || rel === "") return null;
  const parts = rel.split(sep);
  return parts.length > 1 ? parts[0] : "";
}

const apiLayers = {
  meta: { type: "problem", schema: [], messages: { sideways: "{{problem}}" } },
  create(context) {
    const from = apiFolder(context.filename);
    if (!from) return {};
    const check = (source) => {
      if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const to = apiFolder(resolve(dirname(context.filename), source.value));
      if (to === null || to === from) return;
      const fromRank = API_LAYERS.indexOf(from);
      const toRank = API_LAYERS.indexOf(to);
      let problem = null;
      if (to === "") problem = `api/${from} imports the function's root (${source.value}): only the root assembles the domains.`;
      else if (toRank === -1) {
        problem = `api/${from} imports the domain api/${to}: domains do not import each other; move the shared piece down into api/lib/ (or _shared/).`;
      } else if (fromRank !== -1 && toRank <= fromRank) {
        problem = `api/${from} imports api/${to}, which is not below it (layers top to bottom: ${API_LAYERS.join(", ")}).`;
      }
      if (problem) context.report({ node: source, messageId: "sideways", data: { problem } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/** `no-restricted-imports` options; a later block replaces an earlier one's, so each block lists all it needs. */
const restrict = (...patterns) => ["error", { patterns }];

export default defineConfig(
  {
    ignores: [
      "dist/",
      "coverage/",
      "public/",
      ".local-data/",
      ".tmp/",
      ".cache/",
      ".vite/",
      "test-results/",
      "playwright-report/",
      "**/database.types.ts",
      // files that break a lint rule on purpose, linted by the test that expects the error
      "tests/fixtures/lint/",
    ],
  },
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
    files: ["supabase/functions/api/**/*.ts"],
    plugins: { api: { rules: { layers: apiLayers } } },
    rules: { "api/layers": "error" },
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
