import { fileURLToPath, URL } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv, type ProxyOptions } from "vite";

export default defineConfig(({ mode }) => {
  const fileEnv = loadEnv(mode, process.cwd(), "");
  const supabaseUrl = (process.env.VITE_SUPABASE_URL ?? fileEnv.VITE_SUPABASE_URL ?? "http://127.0.0.1:54321").replace(/\/+$/, "");
  const port = Number(process.env.APP_PORT ?? fileEnv.APP_PORT ?? 5173);

  const proxy: Record<string, ProxyOptions> = {
    "^/api(?=/|\\?|$)": {
      target: supabaseUrl,
      changeOrigin: true,
      rewrite: (path) => path.replace(/^\/api(?=\/|\?|$)/, "/functions/v1/api"),
    },
  };

  return {
    plugins: [react(), tailwindcss()],
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
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: "vendor-react", test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/ },
              { name: "vendor-supabase", test: /node_modules[\\/](@supabase|tslib)[\\/]/ },
              { name: "vendor-zod", test: /node_modules[\\/]zod[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
