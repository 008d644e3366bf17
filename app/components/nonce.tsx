import { createContext, useContext } from 'react';

/** The per-request CSP nonce, for the few inline scripts and styles we render. */
const NonceContext = createContext<string>('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
