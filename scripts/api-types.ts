/**
 * Writes platform/contract/api-types.ts: every /api operation declared with `api.route(spec, …)`
 * as a type (method, path → query, body and response), read from the route definitions themselves
 * by the TypeScript checker, so the web app's client cannot name a path, send a field or read a
 * response field the platform does not have. `--check` fails when the file is out of date.
 *
 *   node --import tsx scripts/api-types.ts [--check]
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(import.meta.dirname, "..");
const out = resolve(root, "platform/contract/api-types.ts");

export function generateApiTypes(): string {
  const configPath = resolve(root, "tsconfig.json");
  const config = ts.parseJsonConfigFileContent(
    ts.readConfigFile(configPath, ts.sys.readFile).config,
    ts.sys,
    root,
  );
  const entry = resolve(root, "platform/index.ts");
  const program = ts.createProgram([entry], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const flags =
    ts.TypeFormatFlags.NoTruncation |
    ts.TypeFormatFlags.InTypeAlias |
    ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

  type Entry = {
    method: string;
    path: string;
    where: string;
    query?: string;
    body?: string;
    response: string;
  };
  const entries: Entry[] = [];
  /** GETs answered with a file rather than an envelope, documented with registerPath. */
  const files: Omit<Entry, "body" | "response">[] = [];

  const zodSide = (schema: ts.Type, side: "input" | "output") => {
    const property = (type: ts.Type | undefined, key: string) => {
      const symbol = type && checker.getPropertyOfType(type, key);
      return symbol && checker.getTypeOfSymbol(symbol);
    };
    const type = property(property(schema, "_zod"), side);
    if (!type) throw new Error(`not a zod schema: ${checker.typeToString(schema)}`);
    return checker.typeToString(type, undefined, flags);
  };

  for (const file of program.getSourceFiles()) {
    const name = relative(root, file.fileName);
    if (!name.startsWith("platform/") || name.includes(".test.")) continue;
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "route" &&
        node.arguments.length === 2 &&
        ts.isObjectLiteralExpression(node.arguments[0] as ts.Node)
      ) {
        const spec = node.arguments[0] as ts.ObjectLiteralExpression;
        const prop = (key: string) =>
          spec.properties.find(
            (p): p is ts.PropertyAssignment | ts.ShorthandPropertyAssignment =>
              (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && p.name.getText() === key,
          );
        const typeOf = (key: string) => {
          const p = prop(key);
          if (!p) return undefined;
          return checker.getTypeAtLocation(ts.isPropertyAssignment(p) ? p.initializer : p.name);
        };
        // A literal, or (a loop over `as const` rows) a union of literals: one entry each.
        const pathNode = prop("path");
        const pathType = typeOf("path");
        const literals = (type: ts.Type | undefined) =>
          (type?.isUnion() ? type.types : type ? [type] : []).map((t) =>
            t.isStringLiteral() ? t.value : "",
          );
        const init = pathNode && ts.isPropertyAssignment(pathNode) ? pathNode.initializer : undefined;
        const paths = !init
          ? literals(pathType)
          : ts.isStringLiteralLike(init)
            ? [init.text]
            : ts.isTemplateExpression(init)
              ? init.templateSpans.reduce(
                  (heads, span) =>
                    heads.flatMap((head) =>
                      literals(checker.getTypeAtLocation(span.expression)).map(
                        (value) => head + (value && value + span.literal.text),
                      ),
                    ),
                  [init.head.text],
                )
              : literals(pathType);
        const method = typeOf("method");
        if (paths.length === 0 || paths.includes(""))
          throw new Error(`${name}: a route path that is not a literal: ${pathNode?.getText()}`);
        const methods = (method?.isUnion() ? method.types : method ? [method] : [])
          .map((m) => (m.isStringLiteral() ? m.value : ""))
          .concat(
            method && checker.isArrayLikeType(method)
              ? (checker.getTypeArguments(method as ts.TypeReference) ?? []).flatMap((t) =>
                  t.isUnion()
                    ? t.types.map((u) => (u as ts.StringLiteralType).value)
                    : [(t as ts.StringLiteralType).value],
                )
              : [],
          )
          .filter(Boolean);
        const query = typeOf("query");
        const body = typeOf("body");
        const response = typeOf("response");
        if (!response) throw new Error(`${name}: ${paths} has no response schema`);
        const summaryNode = prop("summary");
        const summary =
          summaryNode &&
          ts.isPropertyAssignment(summaryNode) &&
          ts.isStringLiteralLike(summaryNode.initializer)
            ? summaryNode.initializer.text
            : "";
        for (const m of methods)
          for (const path of paths) {
            entries.push({
              method: m.toUpperCase(),
              path,
              // The file (not the line, which moves with every edit) and what the route says it does.
              where: summary ? `${summary} (${name})` : name,
              query: query && zodSide(query, "input"),
              body: body && m !== "get" ? zodSide(body, "input") : undefined,
              response: zodSide(response, "input"),
            });
          }
      }
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "registerPath" &&
        node.arguments[0] &&
        ts.isObjectLiteralExpression(node.arguments[0])
      ) {
        const spec = node.arguments[0];
        const field = (object: ts.ObjectLiteralExpression, key: string) =>
          object.properties.find(
            (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText() === key,
          )?.initializer;
        const method = field(spec, "method");
        const path = field(spec, "path");
        const request = field(spec, "request");
        let query = request && ts.isObjectLiteralExpression(request) ? field(request, "query") : undefined;
        if (query && ts.isAsExpression(query)) query = query.expression;
        if (
          method &&
          ts.isStringLiteral(method) &&
          method.text === "get" &&
          path &&
          ts.isStringLiteral(path)
        ) {
          const summary = field(spec, "summary");
          // The envelope routes register through api.route too; only a path of its own is a file.
          files.push({
            method: "GET",
            path: path.text,
            where: summary && ts.isStringLiteralLike(summary) ? `${summary.text} (${name})` : name,
            query: query && zodSide(checker.getTypeAtLocation(query), "input"),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  entries.sort((a, b) => (a.path === b.path ? a.method.localeCompare(b.method) : a.path < b.path ? -1 : 1));

  const lines = [
    "// Generated by scripts/api-types.ts from the api.route(…) definitions: do not edit by hand.",
    "// `node --import tsx scripts/api-types.ts` rewrites it; api-types.test.ts fails when it is stale.",
  ];
  // One map a method, keyed by the path itself, so an entry is found by its path (in an editor,
  // `ApiGets["/account/index"]` goes to it); each names the route file that answers it.
  for (const [method, name] of [
    ["GET", "ApiGets"],
    ["POST", "ApiPosts"],
  ] as const) {
    lines.push(
      "",
      `/** Every ${method} /api operation: path → what the call sends (query, body) and the envelope's \`data\`. */`,
      `export type ${name} = {`,
    );
    for (const e of entries.filter((e) => e.method === method)) {
      lines.push(`  /** ${e.where.replaceAll("*/", "*\\/")} */`);
      lines.push(`  "${e.path}": {`);
      lines.push(`    query: ${e.query ?? "undefined"};`);
      lines.push(`    body: ${e.body ?? "undefined"};`);
      lines.push(`    response: ${e.response};`);
      lines.push("  };");
    }
    lines.push("};");
  }
  const other = entries.find((e) => e.method !== "GET" && e.method !== "POST");
  if (other) throw new Error(`${other.where}: ${other.method} is not a method the client has`);
  lines.push(
    "",
    "/** GET operations that answer with a file (an image, a CSV), not an envelope: read with `raw`. */",
    "export type ApiFiles = {",
  );
  const routed = new Set(entries.map((e) => `${e.method} ${e.path}`));
  for (const f of files.sort((a, b) => (a.path < b.path ? -1 : 1))) {
    if (routed.has(`${f.method} ${f.path}`)) continue;
    lines.push(
      `  /** ${f.where.replaceAll("*/", "*\\/")} */`,
      `  "${f.path}": { query: ${f.query ?? "undefined"} };`,
    );
  }
  lines.push("};", "");
  // Formatted as the linter wants it, so the file is checked like any other.
  return execFileSync(resolve(root, "node_modules/.bin/biome"), ["format", `--stdin-file-path=${out}`], {
    cwd: root,
    input: lines.join("\n"),
    encoding: "utf8",
  });
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const text = generateApiTypes();
  if (process.argv.includes("--check")) {
    if (readFileSync(out, "utf8") !== text) {
      console.error(
        "platform/contract/api-types.ts is out of date: run `node --import tsx scripts/api-types.ts`",
      );
      process.exit(1);
    }
  } else writeFileSync(out, text);
}
