/** How long a download's frame stays: the browser has taken the file over long before. */
export const DOWNLOAD_FRAME_LIFETIME_MS = 60_000;

/**
 * How long a download is given to start before the next one may: a frame says nothing when its
 * answer becomes a download, so the time it takes the server to answer (well under a second) is
 * waited out, and a frame's `load` (an error page instead of a file) ends the wait early.
 */
export const DOWNLOAD_START_GAP_MS = 1200;

/**
 * Starts the browser's download of `url` (an answer sent as an attachment) without leaving the
 * page. Each download gets its own hidden frame: two files that finish together both arrive,
 * where sending the page itself to each file would cancel the first with the second.
 * Resolves once the download may be taken as started (see `DOWNLOAD_START_GAP_MS`), so a caller
 * that awaits each one fetches files one after another.
 */
export function downloadFile(url: string, doc: Document = document): Promise<void> {
  const frame = doc.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  const started = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, DOWNLOAD_START_GAP_MS);
    frame.addEventListener(
      'load',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
  frame.src = url;
  doc.body.append(frame);
  setTimeout(() => frame.remove(), DOWNLOAD_FRAME_LIFETIME_MS);
  return started;
}

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
