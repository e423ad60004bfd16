import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { OTHER_ROUTES, ROUTES } from "./route-table.ts";

export default [
  ...ROUTES.map((r) =>
    r.path === "/" ? index(r.file, { id: r.name }) : route(r.path, r.file, { id: r.name }),
  ),
  ...OTHER_ROUTES.map((r) => route(r.path, r.file, { id: r.name })),
  // Anything else: the localized 404 page inside the shell.
  route("*", "routes/not-found.tsx", { id: "not_found" }),
] satisfies RouteConfig;
