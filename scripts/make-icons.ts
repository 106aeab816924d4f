// Run once (`npx tsx scripts/make-icons.ts`); the PNGs are committed under web/public/icons/.
// The web manifest's icons (docs/offline.md), drawn from web/public/favicon.svg's bag: "any" icons
// are the rounded square as is; "maskable" ones fill the whole square with the theme colour and
// keep the bag inside the central 60 % (the safe zone is the central 80 % circle).
import path from 'node:path';
import sharp from 'sharp';

const THEME = '#0f766e';
const bag = `<path d="M18 26h28l-3 22H21z" fill="#fff"/><path d="M25 26a7 7 0 0 1 14 0" stroke="#fff" stroke-width="4" fill="none"/>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${THEME}"/>${bag}</svg>`;
// The bag spans x 18–46, y 19–48 (centre 32, 33.5): scaled by 0.75 about the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${THEME}"/><g transform="translate(32 32) scale(0.75) translate(-32 -33.5)">${bag}</g></svg>`;

const out = path.resolve('web/public/icons');
for (const size of [192, 512]) {
  await sharp(Buffer.from(any))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
  await sharp(Buffer.from(maskable))
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `maskable-${size}.png`));
}
