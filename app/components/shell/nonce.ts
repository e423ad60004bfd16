import { createContext, useContext } from "react";

/**
 * This response's CSP nonce, for our own inline scripts (React Router's carry it through
 * `<ServerRouter nonce>`). Set by entry.server.tsx; undefined in the browser, where browsers hide
 * nonces from the DOM anyway.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
