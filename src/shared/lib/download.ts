/** How long a download's frame stays: the browser has taken the file over long before. */
export const DOWNLOAD_FRAME_LIFETIME_MS = 60_000;

/**
 * Starts the browser's download of `url` (an answer sent as an attachment) without leaving the
 * page. Each download gets its own hidden frame: two files that finish together both arrive,
 * where sending the page itself to each file would cancel the first with the second.
 */
export function downloadFile(url: string, doc: Document = document): void {
  const frame = doc.createElement('iframe');
  frame.hidden = true;
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.src = url;
  doc.body.append(frame);
  setTimeout(() => frame.remove(), DOWNLOAD_FRAME_LIFETIME_MS);
}
