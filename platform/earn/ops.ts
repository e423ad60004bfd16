import { audit } from "../admin/index.ts";
import { findCustomer } from "../identity/index.ts";
import { registerOps } from "../ops/registry.ts";
import { distribute } from "./launchpad.ts";
import {
  catchUpProductIncome,
  dayOf,
  earnDaily,
  type FortuneSettingKey,
  forgetFortuneOffer,
  payFortuneInterest,
  payProductIncome,
  setFortuneSettings,
} from "./service.ts";

registerOps(
  {
    path: ["launchpad", "distribute"],
    usage: "launchpad distribute ID",
    summary: "Delivers an ended launchpad project's tokens to its subscribers (once each).",
    async run({ db }, { positionals }) {
      const id = Number(positionals[0]);
      if (!Number.isInteger(id) || id <= 0) return { ok: false, output: "Which project? Give its id." };
      const delivered = await distribute(db, id);
      return { ok: true, output: `Project ${id}: ${delivered} subscription(s) delivered.` };
    },
  },
  {
    path: ["earn", "accrue"],
    usage: "earn accrue [--day YYYY-MM-DD [--early] [--account EMAIL_OR_PHONE_OR_UID]]",
    summary:
      "Pays any daily income and interest not yet paid for the last 7 days (the daily job does this by itself); with --day, that one day's (UTC). A day not over yet is paid only with --early, on what is held now; --account pays one customer only.",
    valueOptions: ["day", "account"],
    async run({ db }, { options }) {
      const day = options.day;
      if (day === undefined) return { ok: true, output: `${await earnDaily(db)} payment(s) made.` };
      if (typeof day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day) || dayOf(Date.parse(day) || 0) !== day)
        return { ok: false, output: "--day must be a date, YYYY-MM-DD" };
      // Paying a day before it ends pays on today's holdings even if they leave before midnight.
      if (Date.parse(`${day}T00:00:00Z`) + 86_400_000 > Date.now() && options.early !== true)
        return { ok: false, output: `${day} is not over yet (UTC); add --early to pay it now anyway.` };
      let userId: number | undefined;
      if (options.account !== undefined) {
        const user = await findCustomer(db, String(options.account));
        if (!user) return { ok: false, output: `No customer matches ${options.account}` };
        userId = user.id;
      }
      // The same payments as the daily job's: once per participation (or wallet) and day.
      const paid = (await payProductIncome(db, day, userId)) + (await payFortuneInterest(db, day, userId));
      return { ok: true, output: `${day}: ${paid} payment(s) made.` };
    },
  },
  {
    path: ["earn", "catch-up"],
    usage: "earn catch-up [--through YYYY-MM-DD]",
    summary:
      "Pays every day of pool, staking and lock-up income ever owed and not paid (through yesterday, UTC, by default), once each, and records the run in the audit log.",
    valueOptions: ["through"],
    async run({ db, operator }, { options }) {
      const through = options.through ?? dayOf(Date.now() - 86_400_000);
      if (
        typeof through !== "string" ||
        !/^\d{4}-\d{2}-\d{2}$/.test(through) ||
        dayOf(Date.parse(through) || 0) !== through
      )
        return { ok: false, output: "--through must be a date, YYYY-MM-DD" };
      if (Date.parse(`${through}T00:00:00Z`) + 86_400_000 > Date.now())
        return { ok: false, output: `${through} is not over yet (UTC).` };
      const paid = await catchUpProductIncome(db, operator, through, audit);
      return { ok: true, output: `Through ${through}: ${paid} missed payment(s) made.` };
    },
  },
  {
    path: ["earn", "fortune"],
    usage: "earn fortune [--rate 0.01] [--reward 5] [--min-deposit 100] [--hold-days 7]",
    summary:
      "Sets the daily-interest wallet's daily rate, first-participation reward, and the deposit that must stay in the wallet for the holding period before the reward is paid.",
    valueOptions: ["rate", "reward", "min-deposit", "hold-days"],
    async run({ db }, { options }) {
      const changes: Partial<Record<FortuneSettingKey, string>> = {};
      for (const [option, key, pattern] of [
        ["rate", "daily_rate", /^\d+(\.\d+)?$/],
        ["reward", "first_reward", /^\d+(\.\d+)?$/],
        ["min-deposit", "reward_min_deposit", /^\d+(\.\d{1,6})?$/],
        ["hold-days", "reward_hold_days", /^\d{1,3}$/],
      ] as const) {
        const value = options[option];
        if (value === undefined) continue;
        if (typeof value !== "string" || !pattern.test(value))
          return {
            ok: false,
            output:
              option === "hold-days"
                ? "--hold-days must be a whole number of days (0–999)"
                : `--${option} must be a decimal number`,
          };
        changes[key] = value;
      }
      if (Object.keys(changes).length === 0)
        return { ok: false, output: "Give --rate, --reward, --min-deposit and/or --hold-days." };
      await setFortuneSettings(db, changes);
      forgetFortuneOffer();
      return {
        ok: true,
        output: Object.entries(changes)
          .map(([k, v]) => `fortune_${k} = ${v}`)
          .join("\n"),
      };
    },
  },
);
