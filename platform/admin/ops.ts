import QRCode from "qrcode";
import { adminInstrumentBody } from "../contract/admin.ts";
import { registerOps, table } from "../ops/registry.ts";
import { listAllInstruments, updateInstrument } from "./instruments.ts";
import { createOperator, listOperators, ROLES, type Role, updateOperator } from "./service.ts";

registerOps(
  {
    path: ["admin", "create"],
    usage: "admin create EMAIL [--role support|reviewer|operator|owner] [--password …]",
    summary:
      "Creates a console operator (role owner by default): prints the password (generated unless given) and the TOTP secret to enrol, as text and as a QR code.",
    valueOptions: ["role", "password"],
    async run({ db, operator }, { positionals, options }) {
      const email = positionals[0];
      if (!email) return { ok: false, output: "Give the operator's e-mail." };
      const role = (typeof options.role === "string" ? options.role : "owner") as Role;
      if (!ROLES.includes(role)) return { ok: false, output: `--role must be one of ${ROLES.join(", ")}` };
      const password = typeof options.password === "string" ? options.password : undefined;
      try {
        const made = await createOperator(db, { email, role, password }, `cli:${operator}`);
        // The same URI as a QR code drawn in the terminal, to scan with the authenticator app.
        const qr = await QRCode.toString(made.otpauth_url, { type: "terminal", small: true });
        return {
          ok: true,
          output: [
            `Operator ${made.operator.id}: ${made.operator.email} (${made.operator.role})`,
            password ? "password: (as given)" : `password: ${made.password}`,
            `totp secret: ${made.secret}`,
            `otpauth: ${made.otpauth_url}`,
            qr.trimEnd(),
            "Enrol the secret in an authenticator app now: it is not shown again. Sign in at /admin/login.",
          ].join("\n"),
        };
      } catch (error) {
        const key = (error as { messageKey?: string }).messageKey;
        if (key === "admin.email_taken") return { ok: false, output: `An operator ${email} exists already.` };
        if (key === "admin.password_rule")
          return { ok: false, output: "The password needs 12 to 200 characters." };
        if (key === "admin.email_invalid") return { ok: false, output: `Not an e-mail address: ${email}` };
        throw error;
      }
    },
  },
  {
    path: ["admin", "list"],
    usage: "admin list",
    summary: "Lists the console's operators.",
    async run({ db }) {
      return {
        ok: true,
        output: table((await listOperators(db)).map((o) => ({ ...o, disabled: o.disabled ? "yes" : "" }))),
      };
    },
  },
  {
    path: ["admin", "disable"],
    usage: "admin disable ID",
    summary: "Disables an operator account and ends its sessions.",
    async run({ db, operator }, { positionals }) {
      const id = Number(positionals[0]);
      if (!Number.isInteger(id) || id <= 0) return { ok: false, output: "Which operator? Give its id." };
      const row = await updateOperator(db, id, { disabled: true }, `cli:${operator}`);
      return { ok: true, output: `Operator ${row.id} (${row.email}) disabled.` };
    },
  },
  {
    path: ["instrument", "liquidity"],
    usage: "instrument liquidity CODE [--spread FRACTION] [--max-size AMOUNT|none]",
    summary:
      "Sets how far outside the reference feed the platform's liquidity quotes a market (e.g. 0.001 = 0.1 %) and the most it shows per level; the same change, with the same checks and audit row, as the console's Instruments screen.",
    valueOptions: ["spread", "max-size"],
    async run({ db, operator }, { positionals, options }) {
      const code = positionals[0]?.toLowerCase();
      const now = (await listAllInstruments(db)).find((i) => i.code === code);
      if (!now) return { ok: false, output: `No instrument ${positionals[0] ?? "(none given)"}.` };
      if (now.max_leverage === null) return { ok: false, output: `${now.code} has no trading terms.` };
      const spread = typeof options.spread === "string" ? options.spread : now.liquidity_spread;
      const size = options["max-size"];
      const parsed = adminInstrumentBody.safeParse({
        ...now,
        price_precision: String(now.price_precision),
        max_leverage: String(now.max_leverage),
        liquidity_spread: spread,
        liquidity_max_size: typeof size === "string" ? (size === "none" ? "" : size) : now.liquidity_max_size,
      });
      if (!parsed.success)
        return {
          ok: false,
          output:
            "--spread takes a fraction from 0 to 0.1, --max-size a positive amount of the base coin or none.",
        };
      const by = { id: 0, email: `cli:${operator}`, role: "owner" as const, sessionId: "" };
      const row = await updateInstrument(db, by, parsed.data.code, parsed.data);
      return {
        ok: true,
        output: `${row.code}: liquidity spread ${row.liquidity_spread}, size cap ${row.liquidity_max_size || "none"}.`,
      };
    },
  },
);
