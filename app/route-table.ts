/**
 * Every screen of the app: the spec's exact paths, its route names where it gives them, and
 * whether a visitor without a session may open it. routes.ts builds React Router's table from
 * this list and the guard middleware reads `public` from it, so the two never disagree.
 */
export type RouteEntry = {
  /** The spec's route name (used as the React Router route id). */
  name: string;
  path: string;
  file: string;
  /** Open without a session (the spec's whitelist). */
  public?: boolean;
};

export const ROUTES = [
  { name: "home", path: "/", file: "routes/home.tsx", public: true },
  { name: "language", path: "/language", file: "routes/language.tsx", public: true },
  { name: "areacode", path: "/areacode", file: "routes/areacode.tsx", public: true },
  { name: "protocol", path: "/protocol", file: "routes/protocol.tsx", public: true },
  {
    name: "customer_service",
    path: "/customerservice",
    file: "routes/customer-service.tsx",
    public: true,
  },
  { name: "download", path: "/download", file: "routes/download.tsx" },
  // Notices, news and the academy (issue 10).
  { name: "noticelist", path: "/noticelist", file: "routes/noticelist.tsx", public: true },
  { name: "notice", path: "/notice", file: "routes/notice.tsx" },
  { name: "academy", path: "/academy", file: "routes/academy.tsx" },
  { name: "academy_list", path: "/academyList", file: "routes/academy-list.tsx" },
  // Accounts
  { name: "login", path: "/login", file: "routes/login.tsx", public: true },
  { name: "resgister", path: "/resgister", file: "routes/register.tsx", public: true },
  { name: "code", path: "/code", file: "routes/code.tsx", public: true },
  { name: "register2", path: "/register2", file: "routes/register2.tsx", public: true },
  { name: "resgister_success", path: "/resgistersuccess", file: "routes/register-success.tsx", public: true },
  { name: "reset_password", path: "/resetpassword", file: "routes/reset-password.tsx", public: true },
  { name: "code_res", path: "/coderes", file: "routes/code-reset.tsx", public: true },
  { name: "reset_password2", path: "/resetpassword2", file: "routes/reset-password2.tsx", public: true },
  { name: "success_modified", path: "/successmodified", file: "routes/success-modified.tsx", public: true },
  // Second step of a sign-in with Google Authenticator bound (issue 5); change of login password.
  {
    name: "password_validation",
    path: "/passwordvalidation",
    file: "routes/password-validation.tsx",
    public: true,
  },
  { name: "reset_password3", path: "/resetpassword3", file: "routes/reset-password3.tsx" },
  // Identity verification (issue 5)
  { name: "verify", path: "/verify", file: "routes/verify.tsx" },
  { name: "verify_card", path: "/verifycard", file: "routes/verify-card.tsx" },
  { name: "verify_info", path: "/verifyinfo", file: "routes/verify-info.tsx" },
  // Markets
  { name: "markets", path: "/markets", file: "routes/markets.tsx" },
  { name: "linegraph", path: "/linegraph", file: "routes/linegraph.tsx" },
  // Trading (issue 7): the Trades tab is on the spec's public list; the records need an account.
  { name: "tradeing", path: "/tradeing", file: "routes/tradeing.tsx", public: true },
  { name: "traderecord", path: "/traderecord", file: "routes/traderecord.tsx" },
  { name: "orderdetails", path: "/orderdetails", file: "routes/orderdetails.tsx" },
  // Assets and records (issue 6)
  { name: "asset", path: "/asset", file: "routes/asset.tsx" },
  { name: "recharge", path: "/recharge", file: "routes/recharge.tsx" },
  { name: "withdraw", path: "/withdraw", file: "routes/withdraw.tsx" },
  { name: "transfer", path: "/transfer", file: "routes/transfer.tsx" },
  { name: "exchange", path: "/exchange", file: "routes/exchange.tsx" },
  // The block exchange desk: large conversions at a quoted price (same screen as /exchange).
  { name: "bossex", path: "/bossex", file: "routes/bossex.tsx" },
  { name: "walletrecord", path: "/walletrecord", file: "routes/walletrecord.tsx" },
  // Timed contracts (issue 8): past rounds and the ticks that decided each.
  { name: "previousresults", path: "/previousresults", file: "routes/previousresults.tsx" },
  // Earn (issue 9): the Staking tab's shelf, joining and records, the daily-interest wallet (on
  // the spec's public list), the launchpad, the web home's daily reward and the earn chooser.
  { name: "coinlist", path: "/coinlist", file: "routes/coinlist.tsx" },
  { name: "mining", path: "/mining", file: "routes/mining.tsx" },
  { name: "mininglist", path: "/mininglist", file: "routes/mininglist.tsx" },
  { name: "mystaking", path: "/mystaking", file: "routes/mystaking.tsx" },
  { name: "lockup", path: "/lockup", file: "routes/lockup.tsx" },
  { name: "fortune", path: "/fortune", file: "routes/fortune.tsx", public: true },
  { name: "ico_details", path: "/ico_details", file: "routes/ico-details.tsx" },
  { name: "mylaunchpad", path: "/mylaunchpad", file: "routes/mylaunchpad.tsx" },
  { name: "webhome", path: "/webhome", file: "routes/webhome.tsx" },
  { name: "webselect", path: "/webselect", file: "routes/webselect.tsx" },
  // Personal centre
  { name: "center", path: "/center", file: "routes/center.tsx" },
  { name: "security", path: "/security", file: "routes/security.tsx" },
  // The security centre's screens and account settings (issue 5)
  {
    name: "modify_funding_password",
    path: "/modifyfundingpassword",
    file: "routes/modify-funding-password.tsx",
  },
  { name: "google_validator", path: "/googlevalidator", file: "routes/google-validator.tsx" },
  { name: "withdrawal_address", path: "/withdrawaladdress", file: "routes/withdrawal-address.tsx" },
  { name: "address_book", path: "/addressbook", file: "routes/address-book.tsx" },
  { name: "account_settings", path: "/accountsettings", file: "routes/account-settings.tsx" },
  { name: "payment_method", path: "/paymentmethod", file: "routes/payment-method.tsx" },
  { name: "share", path: "/share", file: "routes/share.tsx" },
  { name: "authorization", path: "/authorization", file: "routes/authorization.tsx" },
  // The message centre: not in the spec's route table (the spec names the feature, not a path).
  { name: "messages", path: "/messages", file: "routes/messages.tsx" },
  // Price alerts (issue 21): not in the spec's table either (a feature customers of Binance/OKX expect).
  { name: "price_alerts", path: "/pricealerts", file: "routes/price-alerts.tsx" },
];

/** Routes outside the spec's table: resource routes and the local outbox (a dev tool). */
export const OTHER_ROUTES: readonly RouteEntry[] = [
  { name: "locales", path: "/locales/:lng/:ns", file: "routes/locales.ts", public: true },
  { name: "logout", path: "/logout", file: "routes/logout.tsx" },
  // Sign-in with Google or Apple (OpenID Connect) and with an Ethereum wallet (EIP-4361).
  { name: "auth_start", path: "/auth/:provider", file: "routes/auth-start.ts", public: true },
  { name: "auth_callback", path: "/auth/:provider/callback", file: "routes/auth-callback.ts", public: true },
  { name: "login_wallet", path: "/login/wallet", file: "routes/login-wallet.tsx", public: true },
  // Uploaded images (avatar, identity documents), for their owner only (issue 5).
  { name: "media", path: "/media/:id", file: "routes/media.ts" },
  // Proof of reserves (issue 11): the published root for anyone, each customer's own proof.
  { name: "reserves", path: "/reserves", file: "routes/reserves.tsx", public: true },
  { name: "reserves_proof", path: "/reserves/proof.json", file: "routes/reserves-proof.ts" },
  // The operator console (issue 11): its own layout and its own session (app/.server/admin.ts);
  // "public" to the customer guard because each page checks the operator session itself.
  { name: "admin", path: "/admin", file: "routes/admin.tsx", public: true },
  { name: "admin_login", path: "/admin/login", file: "routes/admin-login.tsx", public: true },
  { name: "admin_logout", path: "/admin/logout", file: "routes/admin-logout.tsx", public: true },
  { name: "admin_kyc", path: "/admin/kyc", file: "routes/admin-kyc.tsx", public: true },
  { name: "admin_kyc_detail", path: "/admin/kyc/:id", file: "routes/admin-kyc-detail.tsx", public: true },
  { name: "admin_media", path: "/admin/media/:id", file: "routes/admin-media.ts", public: true },
  // The support chat's queue and chats (issue 19), and a chat's images for the operator who has it.
  { name: "admin_support", path: "/admin/support", file: "routes/admin-support.tsx", public: true },
  {
    name: "admin_support_chat",
    path: "/admin/support/:id",
    file: "routes/admin-support-chat.tsx",
    public: true,
  },
  {
    name: "admin_support_media",
    path: "/admin/support/media/:id",
    file: "routes/admin-support-media.ts",
    public: true,
  },
  {
    name: "admin_withdrawals",
    path: "/admin/withdrawals",
    file: "routes/admin-withdrawals.tsx",
    public: true,
  },
  { name: "admin_deposits", path: "/admin/deposits", file: "routes/admin-deposits.tsx", public: true },
  { name: "admin_pools", path: "/admin/pools", file: "routes/admin-pools.tsx", public: true },
  { name: "admin_notices", path: "/admin/notices", file: "routes/admin-notices.tsx", public: true },
  { name: "admin_audit", path: "/admin/audit", file: "routes/admin-audit.tsx", public: true },
  { name: "admin_audit_csv", path: "/admin/audit.csv", file: "routes/admin-audit-csv.ts", public: true },
  { name: "admin_operators", path: "/admin/operators", file: "routes/admin-operators.tsx", public: true },
  { name: "admin_customers", path: "/admin/customers", file: "routes/admin-customers.tsx", public: true },
  { name: "admin_customer", path: "/admin/customers/:id", file: "routes/admin-customer.tsx", public: true },
  { name: "admin_ledger", path: "/admin/ledger", file: "routes/admin-ledger.tsx", public: true },
  {
    name: "admin_instruments",
    path: "/admin/instruments",
    file: "routes/admin-instruments.tsx",
    public: true,
  },
  { name: "admin_networks", path: "/admin/networks", file: "routes/admin-networks.tsx", public: true },
  { name: "admin_timed", path: "/admin/timed", file: "routes/admin-timed.tsx", public: true },
  { name: "admin_savings", path: "/admin/savings", file: "routes/admin-savings.tsx", public: true },
  { name: "admin_site", path: "/admin/site", file: "routes/admin-site.tsx", public: true },
  // The local outbox (DEV_OUTBOX=1 only; a 404 otherwise).
  { name: "dev_outbox", path: "/dev/outbox", file: "routes/dev-outbox.tsx", public: true },
] as const satisfies readonly RouteEntry[];

/**
 * A path of one of these screens, for links written in the app: `"/transfer" satisfies ScreenPath`
 * fails type-check when the screen is gone, at no cost in the browser (a type-only import; the
 * table itself stays out of the pages' scripts).
 */
export type ScreenPath = (typeof ROUTES)[number]["path"];

const byPath = new Map<string, RouteEntry>(ROUTES.map((r) => [r.path, r]));

/** The screen a URL path opens, if any (React Router's `.data` requests included). */
export function screenFor(pathname: string): RouteEntry | undefined {
  let path = pathname;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return byPath.get(path);
}

export function hasScreen(path: string): boolean {
  return byPath.has(path);
}
