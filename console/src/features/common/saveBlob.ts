/**
 * Saves the file behind an object URL under `name` through a temporary link (the browser's own
 * download), then releases the URL.
 */
export const saveObjectUrl = (url: string, name: string) => {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the link; the URL is only released after it has read the blob
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/** Saves a blob under `name` through a temporary link (the browser's own download). */
export const saveBlob = (blob: Blob, name: string) => saveObjectUrl(URL.createObjectURL(blob), name);
