/**
 * Voters see agents' images byte for byte, so whatever a harness wrote beside the pixels (a PNG
 * `tEXt` "Software=claude-code … sonnet", a JPEG's EXIF or comment) would tell the two sides of a
 * blind pair apart. On import an image keeps only what draws it; everything else is dropped.
 * Kept chunks and segments are copied verbatim (their CRCs and lengths stay valid). Bytes that
 * are neither PNG nor JPEG come back unchanged.
 */
export function stripImageMetadata(bytes: Buffer): Buffer {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return stripPng(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return stripJpeg(bytes);
  return bytes;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Chunks that hold pixels, their colours and animation, and nothing written as text. `iCCP` is
 * left out (its profile carries a free-text name and description) as are `sPLT` (a named
 * palette), `tEXt`/`zTXt`/`iTXt`, `tIME`, `eXIf` and every chunk not listed, since an unknown
 * ancillary chunk can hold anything; a decoder skips them all.
 */
const PNG_IMAGE_CHUNKS = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'sBIT', 'pHYs', 'bKGD', 'hIST', 'cICP', 'mDCv', 'cLLI', 'acTL', 'fcTL', 'fdAT']);

function stripPng(bytes: Buffer): Buffer {
  const kept: Buffer[] = [PNG_SIGNATURE];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const end = at + 12 + length;
    // A truncated chunk ends the image: browsers stop there too.
    if (end > bytes.length) break;
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (PNG_IMAGE_CHUNKS.has(type)) kept.push(bytes.subarray(at, end));
    // Anything after IEND is no part of the image, only a place to hide text.
    if (type === 'IEND') break;
    at = end;
  }
  return Buffer.concat(kept);
}

/**
 * JPEG segments a decoder needs: frame and scan headers, tables, restart intervals, JFIF (APP0)
 * and Adobe's colour transform (APP14, without which CMYK and YCCK images decode wrong). EXIF
 * and XMP (APP1), ICC profiles and every other APPn, and comments (COM) are dropped.
 */
const JPEG_KEPT_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, // SOFn
  0xc4, 0xcc, 0xdb, 0xdd, 0xdc, // DHT, DAC, DQT, DRI, DNL
  0xe0, 0xee, // APP0 (JFIF), APP14 (Adobe)
]);
const SOS = 0xda;
const EOI = 0xd9;

function stripJpeg(bytes: Buffer): Buffer {
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1]!;
    // Fill bytes (0xFF repeated) may precede a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === EOI) break;
    const length = bytes.readUInt16BE(at + 2);
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) break;
    if (marker !== SOS) {
      if (JPEG_KEPT_MARKERS.has(marker)) kept.push(bytes.subarray(at, end));
      at = end;
      continue;
    }
    // A scan: its header, then entropy-coded data up to the next marker that is neither a
    // stuffed 0xFF00 nor a restart marker (RST0–7), which belong to the data.
    let next = end;
    while (next + 1 < bytes.length && !(bytes[next] === 0xff && bytes[next + 1] !== 0x00 && (bytes[next + 1]! < 0xd0 || bytes[next + 1]! > 0xd7))) next += 1;
    kept.push(bytes.subarray(at, Math.min(next, bytes.length)));
    at = next;
  }
  kept.push(Buffer.from([0xff, EOI]));
  return Buffer.concat(kept);
}
