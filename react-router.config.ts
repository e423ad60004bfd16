import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two builds live side by side (the server reads the same variable).
  buildDirectory: process.env.BUILD_DIR || "build",
  // Middleware carries the route guard, i18n, CSRF and honeypot checks in one place (app/root.tsx).
  future: { v8_middleware: true },
} satisfies Config;
