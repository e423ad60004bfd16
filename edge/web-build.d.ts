// The web app's server build (build/server/index.js, made by `react-router build` from
// app/.server/web.ts), as vite.edge.config.ts aliases it for the edge bundle.
declare module "virtual:beacon/web-build" {
  export const createWebHandler: typeof import("../app/.server/web.ts").createWebHandler;
}
