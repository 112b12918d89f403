import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** The CSP nonce of this response; undefined in the browser, where it is no longer needed. */
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
