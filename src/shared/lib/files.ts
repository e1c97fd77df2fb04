// Files fetched into the page (a `blob:` address): saved under their name, or opened in a tab.
/** How long a fetched file's `blob:` address is kept: the browser has taken the file over long before. */
export const FILE_URL_LIFETIME_MS = 60_000;

const release = (url: string) => setTimeout(() => URL.revokeObjectURL(url), FILE_URL_LIFETIME_MS);

/** Saves a fetched file under its name (the browser's download). */
export function saveFile(url: string, filename: string, doc: Document = document): void {
  if (!url) return;
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  release(url);
}

/**
 * Opens a fetched PDF in a new tab, where the browser's viewer prints it; when the browser refuses
 * the tab (a pop-up blocker), the file is saved instead. Answers whether a tab opened.
 */
export function openFile(url: string, filename: string, win: Window = window): boolean {
  if (!url) return false;
  const tab = win.open(url, '_blank');
  if (!tab) {
    saveFile(url, filename, win.document);
    return false;
  }
  release(url);
  return true;
}
