import { importSPKI, jwtVerify } from 'jose';

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
