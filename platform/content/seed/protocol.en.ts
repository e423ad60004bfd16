/** Terms of use and privacy policy in English, the source the other languages translate. */
export const terms = {
  title: "Terms of Use",
  summary: "The agreement between you and the platform when you open an account and trade.",
  body: `## 1. Who we are and who may use the service
These terms govern your use of the platform's website, web app and API (the "service"). You may open an account only if you are at least 18 years old, have full legal capacity, and are not resident in a jurisdiction where using the service is prohibited. One person may hold one account.

## 2. Your account
- Keep your password, fund password and authenticator codes secret. Everything done with your credentials is treated as done by you.
- Tell us at once through customer service if you believe your account has been used without your permission; we may freeze it to protect you.
- Identity verification is required before withdrawals. The information you provide must be true, complete and yours.

## 3. Deposits and withdrawals
- Send each coin only on the network shown on the recharge page. Coins sent on another network or to a wrong address may be lost permanently.
- Withdrawals require a bound mobile number, primary verification and a fund password, and are reviewed before they are sent. Network fees and minimums are shown before you confirm.
- After a change of password, fund password, two-factor authentication, phone or e-mail, withdrawals are locked for 24 hours for your protection.

## 4. Trading and risk
- Crypto-asset prices are volatile. Leveraged contracts can lose your whole margin quickly; positions whose margin falls to the maintenance level are liquidated automatically at the mark price.
- Timed contracts settle strictly from the recorded price ticks at the start and end of each round; the tick log is public so you can check every result.
- Fees, odds and rates are shown before you confirm each order and may change for future orders.
- Nothing on the service is investment advice. Trade only with money you can afford to lose.

## 5. Earn products
Mining pools, staking, lock-up, the daily-interest wallet and the launchpad each show their rate, limits, lock period and exit rules before you join. Past income does not guarantee future income.

## 6. Prohibited use
You may not use the service for money laundering, terrorist financing, fraud, market manipulation, or to evade sanctions; nor attack, overload or reverse-engineer the service; nor open accounts for others. We may refuse, suspend or close accounts involved in such use and report it where the law requires.

## 7. Suspension, changes and closing
We may suspend the service for maintenance or security, and we will say so in the notices. We may change these terms; the new version applies from its publication date and we will announce material changes in advance. You may close your account at any time after withdrawing your assets.

## 8. Liability
We keep customer assets separate from our own and publish proof of reserves. We are not liable for losses caused by market movements, by your own mistakes (such as a wrong address or network), or by events beyond our reasonable control. Nothing in these terms limits liability that cannot be limited by law.

## 9. Contact
Questions and complaints: use customer service in the app or write to the contact e-mail shown there.`,
};

export const privacy = {
  title: "Privacy Policy",
  summary: "What personal data we collect, why, how long we keep it, and your rights.",
  body: `## 1. What we collect
- **Account data:** e-mail address or mobile number, country code, nickname, avatar, invite code.
- **Verification data:** real name, ID number, country, document type, photos of your ID and of you holding it.
- **Security data:** hashed passwords (we never store them in readable form), two-factor settings, login history with device, IP address and time.
- **Financial data:** balances, deposits, withdrawals, addresses, orders, positions and earn participations.
- **Usage data:** language, the pages you open and the requests you make, kept in server logs.

## 2. Why we use it
To open and secure your account; to verify your identity and meet anti-money-laundering law; to execute your orders and move your assets; to detect fraud and abuse; to answer you when you contact us; and to send you security and transaction notices. We do not sell your personal data.

## 3. Who we share it with
Only with providers that help us run the service (hosting, e-mail and SMS delivery, identity checks), under contracts that bind them to protect it, and with authorities when the law requires. Identity documents are visible only to you and to our reviewers.

## 4. How long we keep it
Account, verification and transaction records are kept for as long as your account is open and afterwards for the period the law requires (usually five years). Server logs are kept for at most 90 days.

## 5. How we protect it
Passwords are hashed with Argon2id; sessions use random tokens stored hashed; identity documents are never served publicly; access by staff is limited by role and recorded in an audit log.

## 6. Your rights
You may ask to see, correct or delete your personal data, or to receive a copy of it, through customer service. Some data must be kept to meet legal duties even after you close your account.

## 7. Cookies
We use only the cookies the service needs: your session, your language, your display preferences (such as lite mode) and security checks. We use no advertising or tracking cookies.

## 8. Changes
We will publish any change to this policy here with its date and announce material changes in the notices.`,
};
