import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, importSPKI, type CryptoKey } from 'jose';
import type { AppConfig } from './config.js';

export interface KeyPair {
  privatePem: string;
  publicPem: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** Returns the configured RS256 key pair, or the one in `<dataDir>/keys`, creating it on first use. */
export async function ensureKeys(config: AppConfig): Promise<KeyPair> {
  let privatePem = config.jwtPrivateKey;
  let publicPem = config.jwtPublicKey;
  if (!privatePem) {
    const dir = path.join(config.dataDir, 'keys');
    const privPath = path.join(dir, 'jwt-private.pem');
    const pubPath = path.join(dir, 'jwt-public.pem');
    if (!fs.existsSync(privPath)) {
      // Instances sharing DATA_DIR may start together: the pair is written to a folder of its own
      // and moved into place in one step, which only the first succeeds at; the others use its pair.
      fs.mkdirSync(config.dataDir, { recursive: true });
      const pair = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      const tmp = fs.mkdtempSync(path.join(config.dataDir, '.keys-'));
      fs.writeFileSync(path.join(tmp, 'jwt-private.pem'), pair.privateKey, { mode: 0o600 });
      fs.writeFileSync(path.join(tmp, 'jwt-public.pem'), pair.publicKey);
      try {
        // Replaces a missing or empty folder; fails when another process's pair is already there.
        fs.renameSync(tmp, dir);
      } catch (err) {
        fs.rmSync(tmp, { recursive: true, force: true });
        if (!fs.existsSync(privPath)) throw err;
      }
    }
    privatePem = fs.readFileSync(privPath, 'utf8');
    publicPem = fs.readFileSync(pubPath, 'utf8');
  }
  if (!publicPem) throw new Error('JWT_PRIVATE_KEY is set but JWT_PUBLIC_KEY is not');
  privatePem = privatePem.replace(/\\n/g, '\n');
  publicPem = publicPem.replace(/\\n/g, '\n');
  return {
    privatePem,
    publicPem,
    privateKey: await importPKCS8(privatePem, 'RS256'),
    publicKey: await importSPKI(publicPem, 'RS256'),
  };
}
