import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Writes .br and .gz beside each text asset; the server sends them to browsers that accept them. */
function precompress(): Plugin {
  return {
    name: "precompress",
    apply: "build",
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(path.resolve(import.meta.dirname, "dist")).filter((f) =>
        /\.(js|css|html|svg|json)$/.test(f),
      )) {
        const data = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data));
      }
    },
  };
}

// The server serves the built app; in development Vite proxies the API to it.
const api = process.env.CONSOLE_API ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { conditions: ["source"] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      input: { main: "index.html", silent: "silent-callback.html" },
      // Ant Design's @rc-component packages declare no "sideEffects", so a bundler must keep every
      // module they import, used or not (e.g. the whole form package behind one context that
      // dialogs and popovers read). Their modules only define components and helpers.
      treeshake: { moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ["/api", "/admin-api", "/k8s-proxy", "/license", "/oidc", "/interaction", "/trino"].map((p) => [p, api]),
    ),
  },
});
