/**
 * Browser-side file output for the export buttons: a download through a temporary link, the
 * clipboard, and SVG → PNG through an <img> from a blob URL drawn onto a canvas (the app's CSP
 * allows `img-src blob:`; nothing inline is needed).
 */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns in Chromium; keep the URL a while for others.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export const saveText = (fileName: string, text: string, type: string) => saveFile(fileName, new Blob([text], { type: `${type};charset=utf-8` }));

export async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard) throw new Error('the clipboard is not available in this window');
  await navigator.clipboard.writeText(text);
}

/** Draws a standalone SVG document onto a canvas `scale` times its size and encodes it as PNG. */
export async function svgToPng(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image(width, height);
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the browser could not read the chart as an image'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas is available');
    context.scale(scale, scale);
    context.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}
