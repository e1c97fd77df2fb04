import { decodeJwt, importSPKI, jwtVerify } from 'jose';

export const TOKEN_ALGORITHM = 'RS256';

// jose checks the signature and the times; the server checks every call in full. This check only
// decides whether to refresh before calling.
let cachedKey: { readonly pem: string; readonly key: Promise<CryptoKey> } | null = null;

// Importing the key is the slow part; it is done once per key, not once per call.
const publicKey = (pem: string): Promise<CryptoKey> => {
  if (cachedKey?.pem !== pem) {
    const key = importSPKI(pem, TOKEN_ALGORITHM);
    // A key that cannot be imported is retried next time rather than cached as a failure.
    key.catch(() => {
      if (cachedKey?.key === key) cachedKey = null;
    });
    cachedKey = { pem, key };
  }
  return cachedKey.key;
};

/**
 * True when `token` is an access token signed with the key (RS256) and not expired. Any failure
 * (bad signature, another algorithm, expired, not yet valid, malformed, wrong type, unusable key)
 * is false: the caller refreshes.
 */
export async function isAccessTokenValid(token: string, publicKeyPem: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, await publicKey(publicKeyPem), { algorithms: [TOKEN_ALGORITHM] });
    return payload.token_type === undefined || payload.token_type === 'access';
  } catch {
    return false;
  }
}

/**
 * A token's claims as written, not verified (for what a client only schedules by, such as when to
 * renew): the one place the web app reads a token's payload. Undefined when it cannot be read.
 */
export function tokenClaims(token: string): Record<string, unknown> | undefined {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
}

/** When a token expires (ms since the epoch), by its `exp`; 0 when unreadable. */
export function tokenExpiry(token: string): number {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : 0;
}
