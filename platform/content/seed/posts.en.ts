import type { PostTexts } from "./posts.ts";

const en: PostTexts = {
  "notice-deposit-networks": {
    title: "USDT deposits and withdrawals: TRC20 and ERC20",
    summary: "Minimum deposits and withdrawal fees for USDT on TRON and Ethereum, and for BTC and ETH.",
    body: `You can deposit and withdraw USDT on two networks. Always choose the same network on both sides of a transfer: coins sent on the wrong network cannot be credited.

## Minimum deposits

| Coin | Network | Minimum deposit |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 10 USDT |
| BTC | Bitcoin | 0.0001 BTC |
| ETH | Ethereum | 0.005 ETH |

Deposits below the minimum are not credited. A deposit is credited after the network confirms it, and a message tells you in your message centre.

## Withdrawal fees

| Coin | Network | Fee |
|---|---|---|
| USDT | TRON (TRC20) | 1 USDT |
| USDT | Ethereum (ERC20) | 5 USDT |
| BTC | Bitcoin | 0.0005 BTC |
| ETH | Ethereum | 0.003 ETH |

Every withdrawal is reviewed before it is sent. TRC20 is usually the cheapest way to move USDT.`,
  },
  "notice-security": {
    title: "Security notice: we never ask for your codes",
    summary: "Our staff will never ask for your password, fund password or verification codes.",
    body: `Scammers pretend to be exchange staff to take over accounts. Please remember:

- Our staff will **never** ask for your login password, fund password, Google Authenticator code or e-mail and SMS verification codes.
- We never ask you to send coins to a "safe" or "verification" address.
- Check the site's address before you log in, and install the app only from this site's download page.
- Turn on Google Authenticator and set a fund password in the security centre.

If you think your account is at risk, change your login password at once: every other device is signed out. Then contact customer service.`,
  },
  "notice-daily-interest": {
    title: "Daily interest: earn 1% a day on your USDT",
    summary:
      "100 USDT in the daily-interest wallet earns 1 USDT a day, plus 5 USDT when you first take part.",
    body: `The daily-interest wallet pays interest on your balance every day.

- **Rate:** 1% of your balance a day. With 100 USDT you earn 1 USDT a day.
- **Welcome reward:** 5 USDT, paid once, the first time you take part.

Read "Daily interest explained" in the Academy to see how it is calculated, and read the risk warning before you take part.`,
  },
  "academy-deposit": {
    title: "How to deposit",
    summary: "Fund your account with USDT, BTC or ETH in four steps.",
    body: `1. Log in and open **Assets**, then **Deposit**.
2. Choose the coin, then the network. For USDT, TRC20 (TRON) has the lowest fees; ERC20 (Ethereum) works too.
3. Copy your deposit address, or scan its QR code, in the wallet or exchange you are sending from.
4. Send at least the minimum amount, on the same network.

## Minimum deposits

- USDT: 1 USDT on TRC20, 10 USDT on ERC20
- BTC: 0.0001 BTC
- ETH: 0.005 ETH

## When does it arrive?

Your deposit is credited after the network confirms it, usually within minutes; Bitcoin can take longer when the network is busy. A message in your message centre tells you when it is credited.

## Avoid mistakes

- Sending on the wrong network, or another coin to this address, can lose the funds.
- Amounts below the minimum are not credited.`,
  },
  "academy-leverage-liquidation": {
    title: "How leverage and liquidation work",
    summary: "Margin, leverage, maintenance margin, and what triggers a liquidation on perpetual contracts.",
    body: `Perpetual contracts let you trade with **leverage**: you put up a margin and hold a position worth more than it.

## Leverage and margin

Position value = margin × leverage. With 100 USDT of margin at 10x you hold a 1,000 USDT position. A 1% price move then changes your profit or loss by 10 USDT, which is 10% of your margin.

Maximum leverage is **100x** on BTC and ETH and **50x** on other coins. The higher the leverage, the smaller the move that wipes out your margin.

## Maintenance margin and liquidation

To keep a position open you must keep at least the **maintenance margin**: 0.5% of the position value on BTC and ETH, 1% on other coins.

Your margin ratio is your margin plus unrealized profit or loss, divided by the position value. When the margin ratio falls to the maintenance rate, the position is **liquidated at the mark price** and you lose the margin of that position.

Example: a 10x long on BTC starts with a margin ratio of 10%. If the price falls by about 9.5%, the ratio reaches 0.5% and the position is liquidated.

## Mark price and funding

- Liquidation uses the **mark price**, a fair price that resists short spikes, not the last trade.
- Perpetuals have **funding every 8 hours**: longs and shorts pay each other so that the contract follows the spot price. Depending on the rate, you pay or receive it.

## Stay in control

- Use low leverage and set a **stop-loss**.
- Add margin if the price moves against you.
- Never trade with money you cannot afford to lose.`,
  },
  "academy-fees": {
    title: "Fees",
    summary: "Trading fees for spot and USDT-margined contracts, and withdrawal fees.",
    body: `## Trading fees

| Market | Maker | Taker |
|---|---|---|
| Spot | 0.1% | 0.1% |
| USDT-margined contracts | 0.02% | 0.05% |

A **maker** order adds liquidity to the order book (a limit order that does not fill at once). A **taker** order fills against an order already in the book (market orders, and limit orders that fill at once).

Examples: buying 1,000 USDT of BTC on spot costs 1 USDT in fees. Opening a 10,000 USDT contract position with a market order costs 5 USDT; with a maker limit order, 2 USDT.

Contract fees are charged on the position value, not on your margin: with leverage, fees are larger compared with your margin.

## Funding

Perpetual contracts exchange funding between longs and shorts every 8 hours. Funding is paid between traders, not to the platform.

## Withdrawal fees

| Coin | Network | Fee |
|---|---|---|
| USDT | TRC20 | 1 USDT |
| USDT | ERC20 | 5 USDT |
| BTC | Bitcoin | 0.0005 BTC |
| ETH | Ethereum | 0.003 ETH |`,
  },
  "academy-risk-warning": {
    title: "Risk warning",
    summary: "Crypto-assets and leveraged trading carry high risk. Read this before you trade.",
    body: `Trading crypto-assets involves significant risk and is not suitable for everyone.

- **Volatility:** prices can rise or fall sharply within minutes, at any time of day or night.
- **Leverage:** with leveraged contracts a small price move can liquidate your position and lose its whole margin.
- **Liquidity:** in fast markets an order may fill at a worse price than expected.
- **No guarantee:** past performance does not predict future results. Interest rates and rewards can change.
- **Technology and security:** networks can be congested, and a transfer on the wrong network cannot be reversed. Protect your account with Google Authenticator and a fund password.
- **Regulation:** rules differ from country to country and can change. Make sure you may use these services where you live.

Only trade with money you can afford to lose, and consider independent advice. Nothing on this site is investment advice.`,
  },
  "academy-daily-interest": {
    title: "Daily interest explained",
    summary: "How the daily-interest wallet pays 1% a day, and the one-time 5 USDT reward.",
    body: `The daily-interest wallet pays interest on your USDT balance every day.

## How much

- Rate: **1% a day** on your balance.
- 100 USDT earns 1 USDT a day; 500 USDT earns 5 USDT a day.
- First participation reward: **5 USDT**, paid once per account.

## Example

You take part with 200 USDT. You receive the 5 USDT reward once, and 2 USDT of interest for each day your balance stays at 200 USDT.

## Good to know

- Interest is calculated on the balance held in the daily-interest wallet.
- The reward is paid only the first time you take part.
- Rates and rewards are set by the platform and may change. Read the risk warning before you take part.`,
  },
  "news-perpetuals": {
    title: "USDT-margined perpetuals with up to 100x leverage",
    summary: "Trade BTC and ETH perpetuals with up to 100x, and other coins with up to 50x.",
    body: `USDT-margined perpetual contracts are open on BTC, ETH and the other listed coins.

- **Leverage:** up to 100x on BTC and ETH, up to 50x on other coins.
- **Fees:** 0.02% maker, 0.05% taker.
- **Funding:** every 8 hours.
- **Liquidation:** at the mark price, when the margin ratio reaches the maintenance rate (0.5% on BTC and ETH, 1% on other coins).

New to leverage? Read "How leverage and liquidation work" in the Academy first, and start with low leverage.`,
  },
  "news-install-app": {
    title: "Install the app on your phone",
    summary: "Add the exchange to your home screen: it opens full-screen, without an app store.",
    body: `You can install this exchange as an app straight from your browser, without an app store.

- **Android (Chrome):** tap **Install** on the banner, or open the menu ⋮ and choose "Install app".
- **iPhone (Safari):** tap Share, then "Add to Home Screen".

The app opens full-screen, starts faster, and shows a clear page when you are offline. It updates itself.`,
  },
  "member-first-steps": {
    title: "Secure your account in three steps",
    summary: "Verify your identity, set a fund password and turn on Google Authenticator.",
    body: `Welcome! Before your first deposit, take a few minutes to protect your account:

1. **Verify your identity** (primary verification).
2. **Set a fund password**: it is asked for every withdrawal. Make it different from your login password.
3. **Turn on Google Authenticator**: a 6-digit code that changes every 30 seconds.

A withdrawal needs a bound mobile number, primary verification and a fund password, so bind your mobile number too.`,
  },
};

export default en;
