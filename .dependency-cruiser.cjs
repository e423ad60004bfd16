// The import rules of the house, checked by `npm run lint` (see docs/decisions/boundaries.md).
//
// platform/ is one folder per domain. Shared infrastructure, which every domain may import, is
// the folders and files named in INFRA; every other folder is a domain. A domain is used by other
// domains only through its public entry, platform/<domain>/index.ts, and its tables are its own.
// The web app (app/) sees only the contract; server.ts and platform/index.ts put the pieces
// together and are the only files that may reach anywhere.

const INFRA = "(?:contract|db|http|bus|jobs|ws|ops|config\\.ts|logger\\.ts|node-env\\.ts)";
const TESTS = "\\.test\\.tsx?$";

/**
 * The domains from the bottom up: a domain imports only domains of lower layers, so there is no
 * loop between domains either (identity uses kyc's states, kyc never identity). Domains of one
 * layer do not import each other. A new domain gets a layer here.
 */
const LAYERS = [
  { domains: ["content", "ledger", "market", "notify", "push", "reserves", "uploads"] },
  { domains: ["inbox"] },
  { domains: ["kyc"] },
  { domains: ["identity"] },
  { domains: ["alerts", "referral", "trading"] },
  { domains: ["options", "wallet"] },
  { domains: ["earn"] },
  // The console (admin) mounts the domains' console routes, handing them the operator's check and
  // the audit writer (http/console.ts), so no domain below imports it.
  { domains: ["admin"] },
  // The support chat is console work built on operators: it imports admin's entry.
  { domains: ["support"] },
];
const DOMAINS = LAYERS.flatMap((layer) => layer.domains);
// A domain's operator commands (ops.ts) sit above every domain, as its routes are mounted by the
// platform: platform/index.ts loads them, and they may use any domain's public entry.
const OUTER = ["/ops\\.ts$", "/tables\\.ts$", TESTS];

const layerRules = LAYERS.flatMap((layer, i) =>
  layer.domains.map((domain) => {
    const above = LAYERS.slice(i + 1).flatMap((l) => l.domains);
    const beside = layer.domains.filter((d) => d !== domain);
    return {
      name: "domain-layers",
      comment:
        `${domain} may import only domains of lower layers (LAYERS in .dependency-cruiser.cjs): an ` +
        "import upwards closes a loop between domains. Hand the function in from platform/index.ts, " +
        "or move the shared part down.",
      severity: "error",
      from: { path: `^platform/${domain}/`, pathNot: OUTER },
      to: { path: `^platform/(?:${[...above, ...beside].join("|")})/` },
    };
  }),
).filter((rule) => !rule.to.path.includes("(?:)"));

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
    ...layerRules,
    {
      name: "domain-has-a-layer",
      comment: "Every folder under platform/ is shared infrastructure or a domain with a place in LAYERS.",
      severity: "error",
      from: { path: "^platform/" },
      to: { path: `^platform/(?!(?:${DOMAINS.join("|")})/)(?!${INFRA})[^/]+/` },
    },
    {
      name: "ops-commands-are-outermost",
      comment:
        "A domain's operator commands (platform/<domain>/ops.ts) register themselves when " +
        "platform/index.ts loads them; no module imports them (they are no API: their helpers belong " +
        "in the domain's public entry).",
      severity: "error",
      from: { pathNot: ["^platform/index\\.ts$", TESTS] },
      to: { path: "^platform/[^/]+/ops\\.ts$" },
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
    {
      name: "feature-halves-apart",
      comment:
        "A screen's feature folder (app/features/<screen>/) has a server half (.server/: loader, " +
        "action) and its components; they share what lies beside them (types.ts, forms.ts, figures) " +
        "and import each other's types only. Code of the server half in a component would be " +
        "pulled toward the browser; a component in the server half ties the data to one way of " +
        "showing it.",
      severity: "error",
      from: { path: "^app/features/[^/]+/\\.server/" },
      to: { path: "^app/features/[^/]+/components/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "feature-halves-apart",
      comment:
        "A feature's components may import its server half's types (import type), never its code: " +
        "move what both need beside them (types.ts, forms.ts, a figures module).",
      severity: "error",
      from: { path: "^app/features/[^/]+/components/" },
      to: { path: "^app/features/[^/]+/\\.server/", dependencyTypesNot: ["type-only"] },
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
