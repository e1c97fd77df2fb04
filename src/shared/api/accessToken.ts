export const TOKEN_ALGORITHM = 'RS256';

// The browser's own WebCrypto checks the signature: the one algorithm the app accepts needs no
// JOSE library in every signed-in page (jose cost about 9 kB gzip there). The server checks every
// call in full; this check only decides whether to refresh before calling.
const RS256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

let cachedKey: { readonly pem: string; readonly key: Promise<CryptoKey> } | null = null;

const base64ToBytes = (base64: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** A base64url segment of a compact JWS as bytes; throws on anything that is not base64url. */
const base64UrlToBytes = (segment: string): Uint8Array<ArrayBuffer> => {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) throw new Error('not base64url');
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  return base64ToBytes(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
};

const jsonOf = (segment: string): Record<string, unknown> => {
  const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(base64UrlToBytes(segment)));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  return value as Record<string, unknown>;
};

// Importing the key is the slow part; it is done once per key, not once per call.
const publicKey = (pem: string): Promise<CryptoKey> => {
  if (cachedKey?.pem !== pem) {
    const body = /-----BEGIN PUBLIC KEY-----([\s\S]+?)-----END PUBLIC KEY-----/.exec(pem)?.[1];
    const key = body
      ? crypto.subtle.importKey('spki', base64ToBytes(body.replace(/\s+/g, '')), RS256, false, ['verify'])
      : Promise.reject(new Error('not an SPKI public key'));
    // A key that cannot be imported is retried next time rather than cached as a failure.
    key.catch(() => {
      if (cachedKey?.key === key) cachedKey = null;
    });
    cachedKey = { pem, key };
  }
  return cachedKey.key;
};

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * True when `token` is an access token signed with the key (RS256) and not expired. Any failure
 * (bad signature, another algorithm, expired, not yet valid, malformed, wrong type, unusable key)
 * is false: the caller refreshes.
 */
export async function isAccessTokenValid(token: string, publicKeyPem: string): Promise<boolean> {
  try {
    const parts = token.split('.');
    if (parts.length !== 3) return false;
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
    const header = jsonOf(headerPart);
    // Only RS256, and no header parameter this check would have to understand.
    if (header.alg !== TOKEN_ALGORITHM || header.crit !== undefined || header.b64 !== undefined) return false;
    const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
    const verified = await crypto.subtle.verify(RS256, await publicKey(publicKeyPem), base64UrlToBytes(signaturePart), signed);
    if (!verified) return false;
    const payload = jsonOf(payloadPart);
    const now = Math.floor(Date.now() / 1000);
    if (payload.exp !== undefined && (!isNumber(payload.exp) || payload.exp <= now)) return false;
    if (payload.nbf !== undefined && (!isNumber(payload.nbf) || payload.nbf > now)) return false;
    if (payload.iat !== undefined && !isNumber(payload.iat)) return false;
    return payload.token_type === undefined || payload.token_type === 'access';
  } catch {
    return false;
  }
}
