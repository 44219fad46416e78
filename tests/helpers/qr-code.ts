import jsQR from 'jsqr';
import sharp from 'sharp';

/**
 * The text of the QR code in an image (a PNG screenshot, an SVG), read from its pixels by jsQR, a
 * decoder no one on the team wrote; undefined when it finds none. `size` rasterises an SVG.
 */
export async function qrCodeText(image: Buffer, size?: number): Promise<string | undefined> {
  const picture = size ? sharp(image).resize(size, size) : sharp(image);
  const { data, info } = await picture.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height)?.data;
}
