// The import rules of the house, checked by `npm run lint` (see docs/decisions/boundaries.md).
//
// platform/ is one folder per domain. Shared infrastructure, which every domain may import, is
// the folders and files named in INFRA; every other folder is a domain. A domain is used by other
// domains only through its public entry, platform/<domain>/index.ts, and its tables are its own.
// The web app (app/) sees only the contract; server.ts and platform/index.ts put the pieces
// together and are the only files that may reach anywhere.

const INFRA = "(?:contract|db|http|bus|jobs|ws|ops|config\\.ts|logger\\.ts|node-env\\.ts)";
const TESTS = "\\.test\\.tsx?$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-import-loop",
      comment:
        "Modules must not import each other in a circle, type-only imports included: a loop means two " +
        "modules are one, and at run time one of them sees the other half-loaded. Move the shared part " +
        "down (to the contract or to the owning domain) or pass it in.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "no-foreign-tables",
      comment:
        "A domain's tables are its own: read or write another domain's data by calling a function of " +
        "its public entry. Only a tables.ts may name another domain's table, for a foreign key, and " +
        "db/schema.ts gathers them all.",
      severity: "error",
      from: { path: "^platform/([^/]+)/", pathNot: ["/tables\\.ts$", "^platform/db/schema\\.ts$", TESTS] },
      to: { path: "^platform/[^/]+/tables\\.ts$", pathNot: "^platform/$1/" },
    },
    {
      name: "domain-public-entry",
      comment:
        "Another domain is reached through its public entry, platform/<domain>/index.ts, which " +
        "lists what it offers; its other files are private to it.",
      severity: "error",
      from: { path: "^platform/([^/]+)/", pathNot: ["/tables\\.ts$", TESTS] },
      to: {
        path: `^platform/(?!$1/)(?!${INFRA})[^/]+/`,
        pathNot: ["^platform/[^/]+/index\\.ts$", "^platform/[^/]+/tables\\.ts$"],
      },
    },
    {
      name: "infra-below-domains",
      comment:
        "Shared infrastructure serves every domain and so imports none (db/schema.ts gathers the " +
        "tables for the client and the migrator; ops/cli.ts is the operators' entry, which starts " +
        "the platform like server.ts).",
      severity: "error",
      from: {
        path: `^platform/${INFRA}`,
        pathNot: ["^platform/db/schema\\.ts$", "^platform/ops/cli\\.ts$", TESTS],
      },
      to: { path: "^platform/", pathNot: [`^platform/${INFRA}`] },
    },
    {
      name: "contract-stands-alone",
      comment:
        "The contract is shared by the platform and the browser: it imports nothing else of the " +
        "project, so it never pulls server code into the app.",
      severity: "error",
      from: { path: "^platform/contract/" },
      to: { path: "^(?:platform|app)/", pathNot: "^platform/contract/" },
    },
    {
      name: "app-sees-only-the-contract",
      comment:
        "The web app (app/**, its .server folder too) talks to the platform over /api and shares " +
        "only its contract (schemas, types, pure formulas). server.ts is the one file that joins " +
        "the two, handing the platform's fetch to the app through the request context.",
      severity: "error",
      from: { path: "^app/", pathNot: TESTS },
      to: { path: "^platform/", pathNot: "^platform/contract/" },
    },
    {
      name: "platform-knows-no-app",
      comment: "The platform serves every client; it never imports the web app.",
      severity: "error",
      from: { path: "^platform/" },
      to: { path: "^app/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^node_modules/", "^build/", "^\\.react-router/", "^platform/db/migrations/"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
