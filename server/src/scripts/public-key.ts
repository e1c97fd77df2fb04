/**
 * Prints the server's RS256 public key (PEM), creating the key pair in DATA_DIR on first use,
 * so a web build made elsewhere can verify this server's tokens:
 *   APP_PUBLIC_JWT_PUBLIC_KEY="$(npm run -s public-key -w server)" npm run build
 */
import { loadConfig } from '../infra/config.js';
import { ensureKeys } from '../infra/keys.js';

const keys = await ensureKeys(loadConfig());
process.stdout.write(keys.publicPem);
