import QRCode from "qrcode";
import { registerOps, table } from "../ops/registry.ts";
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
);
