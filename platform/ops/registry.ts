import type { Deps } from "../http/context.ts";

/** What an operator command gets: the platform's dependencies and its parsed arguments. */
export type OpsContext = Deps & { operator: string };
export type OpsArgs = { positionals: string[]; options: Record<string, string | boolean | undefined> };
export type OpsResult = { ok: boolean; output: string };

export type OpsCommand = {
  /** Words that select it, e.g. ["kyc", "approve"]. */
  path: string[];
  usage: string;
  summary: string;
  /** Option names that take a value (the others are flags). */
  valueOptions?: string[];
  run(ctx: OpsContext, args: OpsArgs): Promise<OpsResult>;
};

/** Every operator command, registered by its domain (platform/<domain>/ops.ts). */
const commands: OpsCommand[] = [];

export function registerOps(...list: OpsCommand[]) {
  for (const command of list) {
    if (!commands.some((c) => c.path.join(" ") === command.path.join(" "))) commands.push(command);
  }
}

export function findCommand(words: string[]): { command: OpsCommand; rest: string[] } | undefined {
  const sorted = [...commands].sort((a, b) => b.path.length - a.path.length);
  for (const command of sorted) {
    if (command.path.every((w, i) => words[i] === w))
      return { command, rest: words.slice(command.path.length) };
  }
  return undefined;
}

export function helpText(): string {
  const lines = ["Usage: npm run ops -- <command> [options]", "", "Commands:"];
  for (const c of [...commands].sort((a, b) => a.usage.localeCompare(b.usage))) {
    lines.push(`  ${c.usage}`, `      ${c.summary}`);
  }
  return lines.join("\n");
}

/** Parses `--name value`, `--name=value` and `--flag` after the command words. */
export function parseArgs(words: string[], valueOptions: string[] = []): OpsArgs {
  const positionals: string[] = [];
  const options: OpsArgs["options"] = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    if (!word.startsWith("--")) {
      positionals.push(word);
      continue;
    }
    const [name = "", inline] = word.slice(2).split(/=(.*)/s, 2);
    if (inline !== undefined) options[name] = inline;
    else if (valueOptions.includes(name)) options[name] = words[++i];
    else options[name] = true;
  }
  return { positionals, options };
}

/** Runs a command line (the words after `ops`) against a running platform's dependencies. */
export async function runOps(deps: Deps, words: string[], operator: string): Promise<OpsResult> {
  if (words.length === 0 || words[0] === "help" || words[0] === "--help")
    return { ok: true, output: helpText() };
  const found = findCommand(words);
  if (!found) return { ok: false, output: `Unknown command: ${words.join(" ")}\n\n${helpText()}` };
  try {
    return await found.command.run({ ...deps, operator }, parseArgs(found.rest, found.command.valueOptions));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, output: `Failed: ${message}` };
  }
}

/** Aligned columns for command output. */
export function table(rows: Record<string, string | number | null | undefined>[]): string {
  if (rows.length === 0) return "(none)";
  const keys = Object.keys(rows[0] ?? {});
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(width[i] ?? 0))
      .join("  ")
      .trimEnd();
  return [
    line(keys),
    line(width.map((w) => "-".repeat(w))),
    ...rows.map((r) => line(keys.map((k) => String(r[k] ?? "")))),
  ].join("\n");
}
