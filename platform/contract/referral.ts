// Zod's browser settings (no eval under our CSP) before any schema here is built.
import "./validation.ts";
import { z } from "zod";
import { walletLoginBody, walletMessageBody } from "./identity.ts";

/** An invited account as its inviter sees it: never the full e-mail or phone. */
export const REFERRAL_STATUSES = ["registered", "verified"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const referralSchema = z
  .object({
    uid: z.string().nullable().meta({ description: "The invitee's UID (agents only; null otherwise)" }),
    account: z.string().meta({ description: "The invitee's e-mail, phone or wallet, masked" }),
    joined_at: z.string().meta({ description: "ISO 8601" }),
    status: z.enum(REFERRAL_STATUSES).meta({
      description: "registered, or verified once the invitee passed identity verification",
    }),
  })
  .meta({ id: "Referral" });
export type Referral = z.infer<typeof referralSchema>;

export const referralSummarySchema = z
  .object({
    invite_code: z.string(),
    invite_path: z
      .string()
      .meta({ description: "The registration path with the code: /resgister?invite=CODE" }),
    invited: z.number().int().meta({ description: "How many accounts registered with the code" }),
  })
  .meta({ id: "ReferralSummary" });
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const agentInfoSchema = z
  .object({
    is_agent: z.boolean(),
    address: z.string().nullable().meta({ description: "The bound authorization address (lower case)" }),
    bound_at: z.string().nullable(),
    invited: z.number().int().meta({ description: "How many accounts registered with the invite code" }),
  })
  .meta({ id: "AgentInfo" });
export type AgentInfo = z.infer<typeof agentInfoSchema>;

/** Codes as operators hand them out: 12 letters and digits, shown in groups of four. */
export const agentCodeField = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .transform((c) => c.toUpperCase().replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^[A-Z0-9]{12}$/, { error: "agent.code_format" }));

/** Becoming an agent, step 1: the code and the address to prove (a message to sign comes back). */
export const agentMessageBody = walletMessageBody.extend({ code: agentCodeField });
/** Step 2: the code again, with the signed message. */
export const agentBindBody = walletLoginBody.extend({ code: agentCodeField });
