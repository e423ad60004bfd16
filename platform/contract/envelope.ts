/** Every /api answer, failures included (DESIGN: "The API envelope"). */
export type Envelope<T = unknown> = {
  status_code: number;
  message: string;
  data: T;
  /** Per-field messages on a 422. */
  errors?: Record<string, string[]>;
  /** On a 500: the id to quote to support; the same id is in the server log. */
  request_id?: string;
};

/** status_code values that mean the session is gone and the user must log in again. */
export const SESSION_ENDED_CODES = [401, 50008, 50012, 50014] as const;
export const TOKEN_INVALID = 50008;
export const SIGNED_IN_ELSEWHERE = 50012;
export const TOKEN_EXPIRED = 50014;
