// The ledger domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export { auditLedger, formatAudit, ledgerTotals } from "./audit.ts";
export { type AccountNotice, BALANCE_CHANNEL } from "./events.ts";
export {
  balanceOf,
  balancesOf,
  coinCode,
  freeze,
  type Movement,
  type Posting,
  post,
  postMany,
  StaleAccountIds,
  spendFrozen,
  transfer,
  type UserWallet,
} from "./ledger.ts";
export {
  customerMovements,
  type Holding,
  holdingsOf,
  lastAuditRun,
  lowestBalanceBetween,
  recentEntriesOf,
  walletAccountsOf,
} from "./queries.ts";
