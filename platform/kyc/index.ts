// The kyc domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export {
  type Application,
  decideApplication,
  getApplication,
  isKycDocument,
  KycDecisionError,
  kycStates,
  listApplications,
  pendingApplicationCount,
} from "./service.ts";
