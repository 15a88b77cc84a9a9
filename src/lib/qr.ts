// QR codes for links handed to students (report link sheets, submission links).

/** A QR code of `url` as an SVG data URL (error correction M, a 4-module quiet zone as the standard asks). */
export async function qrDataUrl(url: string): Promise<string> {
  // Loaded when a code is drawn, not with the page.
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
