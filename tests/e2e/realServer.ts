import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The real API server of the browser tests (scripts/e2e-server.mjs), serving the dist-e2e build. */
export const REAL_SERVER_PORT = 3650;
export const REAL_SERVER = `http://127.0.0.1:${REAL_SERVER_PORT}`;
/** Matches ACCESS_TOKEN_TTL_SECONDS in scripts/e2e-server.mjs. */
export const ACCESS_TOKEN_TTL_SECONDS = 8;

const outbox = join(tmpdir(), `timberlog-e2e-${REAL_SERVER_PORT}`, 'outbox');

const outboxFiles = (): string[] => {
  try {
    return readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
};

/** The newest password reset link mailed to `email`, waiting for the mail to be written. */
export async function readResetLink(email: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const name of outboxFiles().sort().reverse()) {
      // Mail bodies are quoted-printable: join soft line breaks and decode `=3D` before reading the link.
      const text = readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      const link = /https?:\/\/[^\s"<>]+\/auth\/reset-password\?token=[\w-]+/.exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`No reset link for ${email} in ${outbox}`);
}
