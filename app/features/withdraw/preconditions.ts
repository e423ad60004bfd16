/**
 * The spec's preconditions for a first withdrawal in its order, each with the platform's message
 * and where to fix it: the loader works out the links, the blocked screen lists them.
 */
export const PRECONDITIONS = [
  { flag: "phone_bound", key: "phone", message: "wallet.bind_phone_first", to: "/security?bind=phone" },
  { flag: "primary_verified", key: "primary", message: "wallet.primary_kyc_first", to: "/verify" },
  {
    flag: "fund_password_set",
    key: "fund",
    message: "wallet.fund_password_first",
    to: "/modifyfundingpassword",
  },
] as const;

export type PreconditionKey = (typeof PRECONDITIONS)[number]["key"];
