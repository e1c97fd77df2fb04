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
