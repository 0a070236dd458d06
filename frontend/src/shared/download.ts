/**
 * Starts a download: of a file the server streams and names (Content-Disposition) — a zip, a PDF — with the session
 * cookie, or of a file the page holds (saveBlob). `download` keeps the page where it is.
 */
export function downloadFrom(href: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Hands a file the page holds to the browser to save; its object URL goes once the download has started. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  downloadFrom(href, fileName);
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
