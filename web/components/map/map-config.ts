// The map's tiles (DESIGN §10): the server names them in every page it sends
// (<meta name="tile-url">, server/plugins/pages.ts), so one build of the web app works with
// whatever TILE_URL the server runs with. Pages served by the development server (Vite) carry no
// such tag: the server's own default applies there. Routes are asked of the site itself
// (GET /routing/route, which asks ROUTING_URL): the browser never needs the routing service's
// address.

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

function meta(name: string): string | null {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content ? content : null;
}

export function mapConfig() {
  return { tileUrl: meta('tile-url') ?? DEFAULT_TILE_URL };
}
