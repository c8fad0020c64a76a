export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Largest side of the stored picture. */
export const CROPPED_MAX_SIZE = 512;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('Image failed to load'));
    image.src = src;
  });
}

/** Draws `area` of the image at `src` onto a square canvas and encodes it as JPEG. */
export async function cropToSquareJpeg(src: string, area: PixelArea, maxSize = CROPPED_MAX_SIZE, quality = 0.88): Promise<Blob> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.round(Math.min(area.width, area.height, maxSize)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality);
  });
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Read failed'));
    reader.readAsDataURL(blob);
  });
}
