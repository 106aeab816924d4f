import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * A browser-like client over `app.inject()`: keeps cookies, and sends what the web app's HTTP
 * client sends (X-Requested-With and the XSRF header read from the cookie) unless told not to.
 */
let clients = 0;

export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Each client comes from its own address, as separate people do: per-address limits apply per client. */
  readonly address = `10.${(++clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`;

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: Method,
    url: string,
    options: {
      body?: unknown;
      headers?: Record<string, string>;
      xsrf?: boolean;
      payload?: InjectOptions['payload'];
    } = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('XSRF-TOKEN') && options.xsrf !== false)
      await this.request('GET', '/users/me', { xsrf: false });
    const headers: Record<string, string> = {
      ...(options.xsrf === false ? {} : this.xsrfHeaders()),
      ...options.headers,
    };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.address,
      ...(options.payload !== undefined
        ? { payload: options.payload }
        : options.body !== undefined
          ? { payload: options.body as object }
          : {}),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (c.maxAge === 0 || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  xsrfHeaders(): Record<string, string> {
    return {
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
    };
  }

  get(url: string, options?: Parameters<TestClient['request']>[2]) {
    return this.request('GET', url, options);
  }
  post(url: string, body?: unknown, options?: Parameters<TestClient['request']>[2]) {
    return this.request('POST', url, { ...options, body });
  }
  put(url: string, body?: unknown, options?: Parameters<TestClient['request']>[2]) {
    return this.request('PUT', url, { ...options, body });
  }
  delete(url: string, options?: Parameters<TestClient['request']>[2]) {
    return this.request('DELETE', url, options);
  }
}
