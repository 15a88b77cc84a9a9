import { createReadStream, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type Plugin, type ProxyOptions } from "vite";
import { earlyBlogReadsScript } from "./src/features/blog/api/early-reads";

/**
 * The browser OCR (src/features/sessions/ocr) loads tesseract.js's worker, its wasm core and the
 * Korean traineddata from our own origin, never from a CDN. tesseract.js asks for fixed file
 * names inside a directory (corePath/langPath), so these files are served as they are under
 * `ocr/<versions>/` (dev middleware) and emitted there by the build; they are fetched only when a
 * teacher reads an image in the browser.
 */
function ocrAssets(): { plugin: Plugin; dir: string } {
  const require = createRequire(import.meta.url);
  const pkgDir = (name: string, from?: string) => dirname((from ? createRequire(from) : require).resolve(`${name}/package.json`));
  const version = (dir: string) => (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
  const tesseract = pkgDir("tesseract.js");
  const core = pkgDir("tesseract.js-core", join(tesseract, "package.json"));
  const kor = pkgDir("@tesseract.js-data/kor");
  const files: Record<string, string> = {
    "worker.min.js": join(tesseract, "dist/worker.min.js"),
    // LSTM-only cores; tesseract.js picks one by the browser's WebAssembly SIMD support.
    "tesseract-core-lstm.wasm.js": join(core, "tesseract-core-lstm.wasm.js"),
    "tesseract-core-simd-lstm.wasm.js": join(core, "tesseract-core-simd-lstm.wasm.js"),
    "tesseract-core-relaxedsimd-lstm.wasm.js": join(core, "tesseract-core-relaxedsimd-lstm.wasm.js"),
    "kor.traineddata.gz": join(kor, "4.0.0/kor.traineddata.gz"),
  };
  const dir = `ocr/${version(tesseract)}-${version(core)}-kor${version(kor)}/`;
  const plugin: Plugin = {
    name: "essay-ocr-assets",
    configureServer(server) {
      const prefix = `${server.config.base}${dir}`;
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? "").split("?")[0];
        const file = path.startsWith(prefix) ? files[path.slice(prefix.length)] : undefined;
        if (!file) return next();
        res.setHeader("Content-Type", file.endsWith(".js") ? "text/javascript" : "application/octet-stream");
        res.setHeader("Cache-Control", "public, max-age=3600");
        createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      for (const [name, file] of Object.entries(files)) {
        this.emitFile({ type: "asset", fileName: `${dir}${name}`, source: readFileSync(file) });
      }
    },
  };
  return { plugin, dir };
}

/**
 * The public blog pages without a request waterfall: a lazy route's chunk is otherwise found only
 * after the entry has run the router, then its imports after that chunk has loaded. The built
 * index.html gets, ahead of its stylesheet, a tiny inline script that, on /blog and /blog/<slug>, asks for that route's
 * chunks (and the Query provider's) at once with <link rel=modulepreload>, and starts the page's
 * first API read (src/features/blog/api/early-reads.ts), so data, chunks and the entry all load
 * side by side. Build only; names come from the bundle.
 */
function routePreload(apiUrl: string): Plugin {
  const ROUTES: Array<{ test: string; modules: string[] }> = [
    { test: "^/blog/?$", modules: ["src/app/routes/blog-list.tsx", "src/lib/query-provider.tsx"] },
    { test: "^/blog/[^/]+/?$", modules: ["src/app/routes/blog-post.tsx", "src/lib/query-provider.tsx"] },
  ];
  return {
    name: "essay-route-preload",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Extract<typeof c, { type: "chunk" }> => c.type === "chunk");
        const byModule = (suffix: string) => chunks.find((c) => c.facadeModuleId?.replaceAll("\\", "/").endsWith(suffix));
        const closure = (file: string, seen: Set<string>) => {
          if (seen.has(file)) return;
          seen.add(file);
          const chunk = chunks.find((c) => c.fileName === file);
          for (const dep of chunk?.imports ?? []) closure(dep, seen);
        };
        const table = ROUTES.map(({ test, modules }) => {
          const files = new Set<string>();
          for (const m of modules) {
            const chunk = byModule(m);
            if (chunk) closure(chunk.fileName, files);
          }
          return [test, [...files].map((f) => `/${f}`)] as const;
        }).filter(([, files]) => files.length > 0);
        if (table.length === 0) return html;
        const script = `<script>(function(){var p=location.pathname,t=${JSON.stringify(table)};for(var i=0;i<t.length;i++){if(new RegExp(t[i][0]).test(p)){for(var j=0;j<t[i][1].length;j++){var l=document.createElement("link");l.rel="modulepreload";l.href=t[i][1][j];document.head.appendChild(l);}break;}}})();</script>`;
        const reads = `<script>${earlyBlogReadsScript(apiUrl)}</script>`;
        // Before the stylesheet: an inline script after a <link rel=stylesheet> waits for the CSS to load.
        const at = Math.min(
          ...['<script type="module"', '<link rel="modulepreload"', '<link rel="stylesheet"']
            .map((tag) => html.indexOf(tag))
            .filter((i) => i >= 0),
        );
        return Number.isFinite(at)
          ? `${html.slice(0, at)}${script}\n    ${reads}\n    ${html.slice(at)}`
          : html.replace("</head>", `    ${script}\n    ${reads}\n  </head>`);
      },
    },
  };
}

export default defineConfig(({ mode }) => {
  const fileEnv = loadEnv(mode, process.cwd(), "");
  const supabaseUrl = (process.env.VITE_SUPABASE_URL ?? fileEnv.VITE_SUPABASE_URL ?? "http://127.0.0.1:54321").replace(/\/+$/, "");
  const port = Number(process.env.APP_PORT ?? fileEnv.APP_PORT ?? 5173);
  const apiUrl = process.env.VITE_API_URL || fileEnv.VITE_API_URL || "/api";

  const proxy: Record<string, ProxyOptions> = {
    "^/api(?=/|\\?|$)": {
      target: supabaseUrl,
      changeOrigin: true,
      rewrite: (path) => path.replace(/^\/api(?=\/|\?|$)/, "/functions/v1/api"),
    },
  };

  const ocr = ocrAssets();

  return {
    plugins: [react(), tailwindcss(), ocr.plugin, routePreload(apiUrl)],
    define: { "import.meta.env.VITE_OCR_ASSETS": JSON.stringify(ocr.dir) },
    // Pre-bundled up front so the first image a teacher picks does not make the dev server reload.
    optimizeDeps: { include: ["tesseract.js/dist/tesseract.esm.min.js"] },
    // Pre-bundled deps per checkout (not in node_modules/.vite): worktrees that share one node_modules
    // would otherwise re-optimize over each other's running dev servers ("Failed to fetch
    // dynamically imported module").
    cacheDir: ".vite",
    resolve: {
      alias: {
        "@shared": fileURLToPath(new URL("./supabase/functions/_shared", import.meta.url)),
        "@": fileURLToPath(new URL("./src", import.meta.url)),
      },
    },
    server: {
      host: "127.0.0.1",
      port,
      strictPort: true,
      proxy,
      warmup: { clientFiles: ["./src/main.tsx", "./src/features/auth/components/auth-screen.tsx"] },
    },
    preview: { host: "127.0.0.1", port, strictPort: true, proxy },
    build: {
      target: "es2022",
      // Every browser the app supports has <link rel=modulepreload>: no polyfill on the first page.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Modules shared with the function (supabase/functions/_shared) get a `shared-` prefix, so
          // e.g. _shared/plans.ts is not mistaken for the plans page's chunk.
          chunkFileNames: (chunk) =>
            chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /[\\/]supabase[\\/]functions[\\/]_shared[\\/]/.test(id))
              ? "assets/shared-[name]-[hash].js"
              : "assets/[name]-[hash].js",
          // Vendor chunks by when they are needed: vendor-react on every page (react-dom, the router);
          // the others only with the pages that use them (a signed-out visitor's landing loads none).
          codeSplitting: {
            groups: [
              { name: "vendor-react", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
              { name: "vendor-query", test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
              { name: "vendor-supabase", test: /node_modules[\\/](@supabase|tslib|iceberg-js)[\\/]/ },
              { name: "vendor-zod", test: /node_modules[\\/]zod[\\/]/ },
              { name: "vendor-forms", test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
