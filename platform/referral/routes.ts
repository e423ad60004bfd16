import { z } from "zod";
import { pageOf, pageQuery } from "../contract/pagination.ts";
import {
  agentBindBody,
  agentInfoSchema,
  agentMessageBody,
  referralSchema,
  referralSummarySchema,
} from "../contract/referral.ts";
import type { Api } from "../http/app.ts";
import type { IdentityDeps } from "../identity/index.ts";
import { siteOf } from "../identity/index.ts";
import {
  agentInfo,
  agentUsers,
  bindAgent,
  issueAgentMessage,
  listReferrals,
  referralSummary,
} from "./service.ts";

/** Invitations (/share) and agents (/authorization). */
export function referralRoutes(api: Api, deps: IdentityDeps) {
  api.route(
    {
      method: "get",
      path: "/referral/summary",
      tags: ["Referral"],
      summary: "The user's invite code, the registration path that carries it, and how many it brought",
      auth: "required",
      response: referralSummarySchema,
    },
    (_input, { user }) => referralSummary(deps.db, user.id),
  );

  api.route(
    {
      method: "get",
      path: "/referral/list",
      tags: ["Referral"],
      summary: "The accounts the user invited, newest first, masked, with their status",
      auth: "required",
      query: pageQuery,
      response: pageOf(referralSchema),
    },
    ({ query }, { user }) => listReferrals(deps.db, user.id, query, false),
  );

  api.route(
    {
      method: "get",
      path: "/agent/info",
      tags: ["Referral"],
      summary: "Whether the user is an agent, and the bound authorization address",
      auth: "required",
      response: agentInfoSchema,
    },
    (_input, { user }) => agentInfo(deps.db, user.id),
  );

  api.route(
    {
      method: "post",
      path: "/agent/message",
      tags: ["Referral"],
      summary: "Become an agent, step 1: check the authorization code, get the message to sign",
      description:
        "The code comes from an operator (`npm run ops -- agent code create`) and is checked, not used. " +
        "The answer is an EIP-4361 message for `address`, valid 10 minutes: sign it (personal_sign) and " +
        "send it to /agent/bind with the same code.",
      auth: "required",
      body: agentMessageBody,
      response: z.object({ message: z.string(), nonce: z.string(), expires_at: z.string() }),
    },
    ({ body }, ctx) =>
      issueAgentMessage(
        deps,
        ctx.user.id,
        { code: body.code, address: body.address, chainId: body.chain_id },
        siteOf(deps.config.publicUrl, ctx.c.req.url),
        ctx.ip,
      ),
  );

  api.route(
    {
      method: "post",
      path: "/agent/bind",
      tags: ["Referral"],
      summary: "Become an agent, step 2: the signed message proves the address; the code is used up",
      auth: "required",
      body: agentBindBody,
      response: agentInfoSchema,
    },
    async ({ body }, ctx) => {
      const info = await bindAgent(
        deps,
        ctx.user.id,
        // Pasted text may carry Windows line ends; the signed message has \n only.
        { code: body.code, message: body.message.replace(/\r\n/g, "\n"), signature: body.signature },
        siteOf(deps.config.publicUrl, ctx.c.req.url),
      );
      ctx.setMessage("agent.bound");
      return info;
    },
  );

  api.route(
    {
      method: "get",
      path: "/agent/users",
      tags: ["Referral"],
      summary: "Agents only: the users they invited, with UID and status",
      auth: "required",
      query: pageQuery,
      response: pageOf(referralSchema),
    },
    ({ query }, { user }) => agentUsers(deps.db, user.id, query),
  );
}
