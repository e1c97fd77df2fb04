import fs from 'node:fs/promises';

/**
 * Folders and files holding mail (with reset links), reports and invoices: readable by the
 * server's user only (folders 0700, files 0600), whatever the umask.
 */
export async function privateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
}

/**
 * Creates (or empties) `file` with mode 0600 and `content`, whole at once: written beside it and
 * renamed into place, so whoever watches the folder (an accounting system reading the outbox)
 * never reads a file half written.
 */
export async function privateFile(file: string, content: string | Buffer = ''): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await fs.writeFile(partial, content, { mode: 0o600 });
  await fs.chmod(partial, 0o600);
  await fs.rename(partial, file);
}
