import type { SubmissionResult } from "@conform-to/react";
import type { SessionView } from "../../../platform/contract/identity.ts";
import type { KycStatus } from "../../../platform/contract/kyc.ts";
import type { LoginEventView, SecurityOverview } from "../../../platform/contract/security.ts";

// What the security centre's server half (.server/) hands its components. Both halves import
// them from here, not each other.

/** `?bind=…`: the form to bind or change one of these instead of the overview. */
export type BindView = "email" | "phone" | "antiphishing";

export type SecurityData =
  | {
      view: BindView;
      overview: SecurityOverview;
      /** The phone form's dial code: picked (?area_code=), the bound one's, or the language's. */
      areaCode: string;
    }
  | {
      view: undefined;
      overview: SecurityOverview;
      sessions: SessionView[];
      history: LoginEventView[];
      kyc: KycStatus;
    };

/** What the security centre's bind forms get back from its action. */
export type BindActionData = { result?: SubmissionResult<string[]>; sent?: string };
