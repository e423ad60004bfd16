/**
 * Every function the spec lists (section 2, "What the screens let a user do", and the tab bar)
 * and the e2e journeys that walk it as a customer does: from a fresh account, with JavaScript on
 * and off (every spec file runs in both projects). `tests/journey-map.test.ts` checks that each
 * line of the spec is covered, that each named journey exists, and that its file starts from a
 * fresh account; a function added to the spec without a journey fails it.
 *
 * Languages (issue 19: "in English and one more language per journey"): the `js` project walks
 * every journey in English; the `nojs` project walks a journey in its `lang` (tests/e2e/support.ts
 * sets the `lng` cookie and gives the test `lang` and `t`). The languages rotate through the nine
 * that are not English, in this list's order, over the journeys whose files read their screens
 * through `t`. Without `lang`: cheap-phone.spec.ts picks its own languages (all ten over its two
 * projects), the academy journey reads Japanese in both projects, and the browser wallet's
 * one-button sign-in needs JavaScript (the nojs project skips it), so it is English only.
 */
import type { Lang } from "../../platform/contract/languages.ts";

export type Journey = { file: string; test: string; lang?: Lang };
export type SpecFunction = {
  /** Words of the spec's line, exactly as the spec writes them. */
  spec: string;
  journeys: Journey[];
};

const j = (file: string, test: string, lang?: Lang): Journey =>
  lang ? { file, test, lang } : { file, test };

export const JOURNEYS: SpecFunction[] = [
  {
    spec: "Five tabs: / (Home), /tradeing (Trades), /coinlist (Staking or mining pool), /asset (Assets), /center (Mine)",
    journeys: [
      j(
        "shell.spec.ts",
        "home shows the header, the shortcut grid and the five tabs, with no sideways scroll",
        "zh",
      ),
    ],
  },
  {
    spec: "Markets: favorites, spot and futures listings",
    journeys: [j("market.spec.ts", "the markets screen searches, sorts and keeps favorites", "tw")],
  },
  {
    spec: "K-line and depth charts; order book",
    journeys: [
      j(
        "market.spec.ts",
        "the chart screen draws months of candles, the depth chart, the book and trades",
        "ja",
      ),
      j(
        "matching.spec.ts",
        "a resting order shows in the public book and another customer's order meets part of it, at its price",
        "kr",
      ),
      j(
        "matching.spec.ts",
        "a resting contract order shows in its contract's public book and another customer's order meets it, at its price",
        "vn",
      ),
    ],
  },
  {
    spec: "trade form with buy price, market-best price, quantity, leverage, occupied margin, available USDT, buy/long and sell/short; order confirmation",
    journeys: [
      j(
        "trade.spec.ts",
        "a leveraged long: the PnL moves, TP/SL set, closed in two parts, then in the records",
        "ru",
      ),
      j(
        "trade.spec.ts",
        "nothing typed is lost: not when the page's script starts, nor by choosing a leverage",
        "es",
      ),
      j(
        "cheap-phone.spec.ts",
        "opens a leveraged long at the market and closes it, each after its confirmation",
      ),
      j(
        "funds.spec.ts",
        "an empty wallet is said before an order, and the review refuses it before the confirmation",
        "pt",
      ),
    ],
  },
  {
    spec: "open positions (close, or set take-profit and stop-loss), pending orders (cancel), history; one-click close-position and one-click cancel-all",
    journeys: [
      j(
        "trade.spec.ts",
        "a leveraged long: the PnL moves, TP/SL set, closed in two parts, then in the records",
        "ru",
      ),
      j(
        "trade.spec.ts",
        "limit orders placed and cancelled, no more confirmation, cancel-all, close-all; a spot buy",
        "vn",
      ),
    ],
  },
  {
    spec: "Timed contract screen: period number, countdown, previous results, bullish/bearish choice, bet fee, odds, expected profit or loss",
    journeys: [j("timed.spec.ts", "an up and a down bet settle against the recorded ticks", "id")],
  },
  {
    spec: "Wallet records in three kinds (recharge, withdraw, other)",
    journeys: [j("wallet.spec.ts", "assets: the balance, the switches, a transfer and a conversion", "zh")],
  },
  {
    spec: "Recharge address with QR code",
    journeys: [
      j("wallet.spec.ts", "deposit: address, QR code, memo, and a bank deposit waiting for review", "tw"),
    ],
  },
  {
    spec: "Withdrawal",
    journeys: [
      j(
        "wallet.spec.ts",
        "withdraw: held back until the preconditions are met, then reviewed by the operator",
        "ja",
      ),
      j(
        "quick-start.spec.ts",
        "the README's try-out: sign up, demo funds, a trade, a pool, a bound phone and a withdrawal",
        "vn",
      ),
    ],
  },
  {
    spec: "Transfer between accounts. Exchange",
    journeys: [
      j("wallet.spec.ts", "assets: the balance, the switches, a transfer and a conversion", "zh"),
      j("cheap-phone.spec.ts", "moves money to the contract wallet and converts USDT to BTC"),
      j(
        "bossex.spec.ts",
        "block desk: found from Convert, its minimum refused with the reason, a large conversion at its fee",
        "kr",
      ),
    ],
  },
  {
    spec: "fund password set and change",
    journeys: [j("security.spec.ts", "sets and changes the fund password, with every message", "ru")],
  },
  {
    spec: "Google authenticator binding (6-digit code, 30-second refresh, key backup)",
    journeys: [
      j(
        "security.spec.ts",
        "binds Google Authenticator with the key shown, and then signing in asks for a code",
        "es",
      ),
    ],
  },
  {
    spec: "withdrawal address management (add, delete)",
    journeys: [j("security.spec.ts", "adds and deletes a withdrawal address", "pt")],
  },
  {
    spec: "Primary and advanced identity verification",
    journeys: [j("kyc.spec.ts", "primary and advanced verification, reviewed by the operator CLI", "vn")],
  },
  {
    spec: "Promotion and referral (invite code)",
    journeys: [
      j("referral.spec.ts", "an invite link prefills registration, and the inviter sees who joined", "id"),
    ],
  },
  {
    spec: "authorization code",
    journeys: [
      j(
        "referral.spec.ts",
        "a user becomes an agent with an authorization code and a pasted wallet signature",
        "zh",
      ),
    ],
  },
  {
    spec: "message center",
    journeys: [j("messages.spec.ts", "a user reads and clears their messages", "tw")],
  },
  {
    spec: "academy",
    journeys: [j("content.spec.ts", "a user reads notices, news and academy articles in Japanese")],
  },
  {
    spec: "launchpad subscriptions and records",
    journeys: [
      j("earn.spec.ts", "launchpad: a live project's subscription within the limits, in my records", "kr"),
    ],
  },
  {
    spec: "staking records, mining pool participation and exit",
    journeys: [
      j(
        "earn.spec.ts",
        "mining pool: each limit refused with its own message, a join within them, an exit",
        "ru",
      ),
      j("cheap-phone.spec.ts", "joins a mining pool and finds it in the records"),
    ],
  },
  {
    spec: "web-home daily rewards",
    journeys: [j("earn.spec.ts", "daily check-in: claimed once, refused the second time the same day", "es")],
  },
  {
    spec: "customer service",
    journeys: [
      j(
        "support-chat.spec.ts",
        "a customer writes with an image, an operator answers from the console, the customer sees it",
        "pt",
      ),
      j("shell.spec.ts", "customer service lists the site's contacts", "vn"),
    ],
  },
  {
    spec: "language selection",
    journeys: [
      j("shell.spec.ts", "switching language is a plain form post that sticks, in all ten languages", "id"),
    ],
  },
  {
    spec: "protocol pages (terms, privacy)",
    journeys: [j("shell.spec.ts", "terms and privacy read in the chosen language", "tw")],
  },
  {
    spec: "Login is offered via the app, via a wallet-connect browser, or via Google or Apple",
    journeys: [
      j("accounts.spec.ts", "register by e-mail, sign out, fail a login, sign in again", "tw"),
      j("cheap-phone.spec.ts", "signs up by e-mail on a slow phone and gets demo funds"),
      // Its button needs JavaScript (skipped in nojs): English only; the pasted signature below
      // walks the same wallet sign-in in both projects.
      j("sign-in.spec.ts", "a browser wallet signs in with one button"),
      j("sign-in.spec.ts", "paste the signature made in the wallet app (works without JavaScript)", "ja"),
      j(
        "sign-in.spec.ts",
        "Google: a new account, back where the visitor was going; the same account next time",
        "kr",
      ),
      j("sign-in.spec.ts", "Apple: its answer arrives as a cross-site POST (form_post) and signs in", "ru"),
    ],
  },
  {
    spec: "The invite code is requested at registration",
    journeys: [j("accounts.spec.ts", "an invite link fills the invite code in", "es")],
  },
  {
    spec: "When a logged-out user tries to trade, a prompt asks whether to continue to log in",
    journeys: [j("trade.spec.ts", "a visitor sees the market, and Buy asks to continue to log in", "pt")],
  },
];

/** The language the `nojs` project walks a journey in, or undefined when it walks it in English. */
export function journeyLang(file: string, test: string): Lang | undefined {
  for (const { journeys } of JOURNEYS)
    for (const journey of journeys) if (journey.file === file && journey.test === test) return journey.lang;
  return undefined;
}
