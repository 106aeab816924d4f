import sharp from 'sharp';

// Pictures for the demo offers, drawn here (no download, no stock photo): a gradient and simple
// shapes, rendered to PNG by sharp. No words in the pixels: a picture cannot follow the page's
// language, so the card's and the page's own text name the offer (issue 20: French labels showed on
// Arabic pages). They then go through the media pipeline like any upload (WebP, two sizes).

const WIDTH = 640;
const HEIGHT = 480;

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

const SHAPES = [
  `<circle cx="320" cy="200" r="110" fill="#fff" fill-opacity="0.25"/>`,
  `<rect x="200" y="90" width="240" height="220" rx="32" fill="#fff" fill-opacity="0.25"/>`,
  `<polygon points="320,70 460,310 180,310" fill="#fff" fill-opacity="0.25"/>`,
];

/** A PNG for picture `index` (0, 1, 2…) of an offer; `seed` varies the colours between offers. */
export async function demoImage(seed: number, index: number): Promise<Buffer> {
  const hue = (seed * 47 + index * 110) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},65%,55%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,28%)"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
  ${SHAPES[(seed + index) % SHAPES.length]}
  <circle cx="${120 + ((seed * 53) % 400)}" cy="400" r="46" fill="#fff" fill-opacity="0.18"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** A square logo: the shop's initials on a coloured disc. */
export async function demoLogo(name: string, seed: number): Promise<Buffer> {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const hue = (seed * 97 + 20) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="hsl(${hue},30%,95%)"/>
  <circle cx="128" cy="128" r="112" fill="hsl(${hue},60%,40%)"/>
  <text x="128" y="158" font-family="DejaVu Sans, sans-serif" font-size="88" font-weight="bold"
    fill="#fff" text-anchor="middle">${escapeXml(initials)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
