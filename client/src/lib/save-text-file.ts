/** Saves text as a file through a temporary object URL (the browser's own download, no new tab). */
export const saveTextFile = (text: string, fileName: string, type: string): void => {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: Chromium starts the download synchronously from click().
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
