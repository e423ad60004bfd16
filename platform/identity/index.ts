// The identity domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { hashPassword, verifyPassword } from "./passwords.ts";
export {
  accountNamesOf,
  contactsOf,
  countLiveSessions,
  endLiveSessions,
  findCustomer,
  liveSessionsOf,
  lockUser,
  paymentMethodOf,
  searchUsers,
  setUserStatus,
  type UserRow,
  userIdByEmail,
  userRow,
} from "./queries.ts";
export { requireGoogle, stepOf, totp, verifyFundPassword, withdrawalReadiness } from "./security.ts";
export { type IdentityDeps, listInvitees, setUserKind, tooMany, userView } from "./service.ts";
export { forgetVerifiedSessions } from "./sessions.ts";
export { issueWalletMessage, type Site, siteOf, verifyWalletMessage } from "./wallet.ts";
