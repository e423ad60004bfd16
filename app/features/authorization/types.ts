import type { SubmissionResult } from "@conform-to/react";
import type { Page } from "../../../platform/contract/pagination.ts";
import type { AgentInfo, Referral } from "../../../platform/contract/referral.ts";

// What the authorization screen's server half (.server/) hands its components. Both halves
// import them from here, not each other.

/** The agent state; once an agent, a page of the accounts invited. */
export type AuthorizationData = { info: AgentInfo; users: Page<Referral> | null };

export type Result = SubmissionResult<string[]>;

/** Where the action leaves the customer: the code step again, or the message to sign. */
export type AgentActionData =
  | { step: "code"; result: Result }
  | { step: "sign"; code: string; address: string; message: string; result?: Result };
