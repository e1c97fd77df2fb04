import fs from 'node:fs/promises';

/**
 * Folders and files holding mail (with reset links), reports and invoices: readable by the
 * server's user only (folders 0700, files 0600), whatever the umask.
 */
export async function privateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
}

/** Creates (or empties) `file` with mode 0600 before anything is written to it. */
export async function privateFile(file: string, content: string | Buffer = ''): Promise<void> {
  await fs.writeFile(file, content, { mode: 0o600 });
  await fs.chmod(file, 0o600);
}
