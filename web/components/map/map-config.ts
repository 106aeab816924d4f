// The map's services (DESIGN §10): the server names them in every page it sends
// (<meta name="tile-url"> and <meta name="routing-url">, server/plugins/pages.ts), so one build of
// the web app works with whatever TILE_URL and ROUTING_URL the server runs with. Pages served by
// the development server (Vite) carry no such tags: the server's own defaults apply there.

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_ROUTING_URL = 'https://router.project-osrm.org';

function meta(name: string): string | null {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content ? content : null;
}

export function mapConfig() {
  return {
    tileUrl: meta('tile-url') ?? DEFAULT_TILE_URL,
    routingUrl: meta('routing-url') ?? DEFAULT_ROUTING_URL,
  };
}
