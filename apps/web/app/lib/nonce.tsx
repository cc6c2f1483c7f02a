import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of this response (made per request by the server), for the
 * inline scripts Remix writes. On the client it is empty: browsers hide nonces from scripts.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
