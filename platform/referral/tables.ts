import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * Agent authorization codes, issued by an operator (`npm run ops -- agent code create`) and used
 * once: the user who enters one (and proves a wallet address) becomes an agent.
 */
export const agentCodes = pgTable(
  "agent_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedBy: integer("used_by"),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("agent_codes_code_unique").on(t.code)],
);

/** Agents: the user, the wallet address they proved control of, and the code they used. */
export const agents = pgTable(
  "agents",
  {
    userId: integer("user_id").primaryKey(),
    /** Lower-case 0x address, one agent each. */
    address: text("address").notNull(),
    codeId: integer("code_id").notNull(),
    boundAt: timestamp("bound_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("agents_address_unique").on(t.address)],
);
