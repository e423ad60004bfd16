// The kyc domain's public entry: what other domains may use of it (docs/decisions/boundaries.md).
export {
  decideApplication,
  getApplication,
  KycDecisionError,
  kycStates,
  listApplications,
} from "./service.ts";
