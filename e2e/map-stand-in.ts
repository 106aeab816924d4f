import http from 'node:http';
import zlib from 'node:zlib';

// A stand-in for the map's services, so that end-to-end tests never leave the machine
// (the e2e server runs with TILE_URL and ROUTING_URL pointing here, port E2E_PORT + 1; tiles are
// fetched by the browser, routes by the server for GET /routing/route):
//   GET /tiles/{z}/{x}/{y}.png          a 256 px tile: pale ground with a grid, like a blank map
//   GET /route/v1/{profile}/{a};{b}     an OSRM answer: a two-leg line from a to b (GeoJSON),
//                                       its length and a duration at walking or driving speed
// Every request is recorded. With `failing` set, routes are answered 500 (a service that fails).

const TILE_SIZE = 256;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (RGB, 8 bits), made once. */
export function tilePng(): Buffer {
  const row = 1 + TILE_SIZE * 3;
  const pixels = Buffer.alloc(row * TILE_SIZE);
  for (let y = 0; y < TILE_SIZE; y += 1) {
    pixels[y * row] = 0; // filter: none
    for (let x = 0; x < TILE_SIZE; x += 1) {
      const line = x % 64 === 0 || y % 64 === 0;
      const [r, g, b] = line ? [214, 222, 214] : [238, 242, 234];
      pixels.set([r, g, b], y * row + 1 + x * 3);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_SIZE, 0);
  header.writeUInt32BE(TILE_SIZE, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const radians = (d: number) => (d * Math.PI) / 180;
function meters([lon1, lat1]: number[], [lon2, lat2]: number[]): number {
  const h =
    Math.sin(radians(lat2 - lat1) / 2) ** 2 +
    Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(radians(lon2 - lon1) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres per second: walking and driving in town. */
const SPEED: Record<string, number> = { foot: 1.4, driving: 9 };

function route(profile: string, coordinates: string) {
  const points = coordinates.split(';').map((pair) => pair.split(',').map(Number));
  if (points.length !== 2 || points.flat().some((n) => !Number.isFinite(n))) return null;
  const [a, b] = points;
  // Along one street, then along the other: an L, as streets go.
  const line = [a, [b[0], a[1]], b];
  const distance = meters(line[0], line[1]) + meters(line[1], line[2]);
  const duration = distance / (SPEED[profile] ?? SPEED.driving);
  return {
    code: 'Ok',
    routes: [{ geometry: { type: 'LineString', coordinates: line }, distance, duration, legs: [] }],
    waypoints: [],
  };
}

export interface MapStandIn {
  /** Paths asked for, in order (tiles and routes). */
  requests: string[];
  /** Routes answered 500 while true. */
  failing: boolean;
  close(): Promise<void>;
}

export async function startMapStandIn(port: number): Promise<MapStandIn> {
  const tile = tilePng();
  const requests: string[] = [];
  const state = { failing: false };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push(url.pathname);
    if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' });
      res.end(tile);
      return;
    }
    const match = /^\/route\/v1\/(foot|driving)\/([^/]+)$/.exec(url.pathname);
    if (match && state.failing) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('routing stand-in: failing on purpose');
      return;
    }
    const answer = match && route(match[1], decodeURIComponent(match[2]));
    if (answer) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'InvalidUrl' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    requests,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
