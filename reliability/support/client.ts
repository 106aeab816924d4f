// A browser-like HTTP client for a running server: keeps its cookies and sends what the web app
// sends (X-Requested-With, the XSRF token read from its cookie). Each client comes from its own
// forwarded address, as separate people do (the server, started with TRUST_PROXY=127.0.0.1, trusts this loopback "proxy"), so
// sign-up's per-address rate limit applies to each person, not to the whole test.

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON answers of many shapes
  body: any;
}

let clients = 0;
let phones = 0;

export class Client {
  readonly cookies = new Map<string, string>();
  readonly address = `10.9.${(++clients >> 8) & 255}.${clients & 255}`;
  userId = 0;

  /** The server it talks to (a restarted server listens on another port). */
  constructor(public base: string) {}

  /** The headers of a signed-in browser tab: cookies, XSRF, X-Requested-With, JSON. */
  headers(): Record<string, string> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': this.cookies.get('XSRF-TOKEN') ?? '',
      'x-requested-with': 'XMLHttpRequest',
      'x-forwarded-for': this.address,
    };
  }

  jsonHeaders(): Record<string, string> {
    return { ...this.headers(), 'content-type': 'application/json' };
  }

  async request(method: string, path: string, body?: unknown): Promise<Reply> {
    if (!this.cookies.has('XSRF-TOKEN') && path !== '/users/me')
      await this.request('GET', '/users/me');
    const res = await fetch(this.base + path, {
      method,
      headers: body === undefined ? this.headers() : this.jsonHeaders(),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed };
  }

  get(path: string) {
    return this.request('GET', path);
  }
  post(path: string, body: unknown = {}) {
    return this.request('POST', path, body);
  }
  delete(path: string) {
    return this.request('DELETE', path);
  }
}

/** A unique valid Mauritanian mobile number for each call in this process. */
function nextPhone(): string {
  phones += 1;
  return `3${String(process.pid % 100).padStart(2, '0')}${String(phones).padStart(5, '0')}`;
}

/** A new user, signed up (and so signed in) through the API. */
export async function signUp(base: string, name = 'Reliability'): Promise<Client> {
  const client = new Client(base);
  const password = 'reliability-pass-1';
  const res = await client.post('/register', {
    first_name: name,
    last_name: 'Test',
    phone_1: nextPhone(),
    password,
    password_confirmation: password,
  });
  if (res.status !== 201) throw new Error(`sign-up: ${res.status} ${JSON.stringify(res.body)}`);
  client.userId = res.body.user.id;
  return client;
}

/** Sign up `n` users, a few at a time (each hashes a password). */
export async function signUpMany(base: string, n: number, name?: string): Promise<Client[]> {
  const users: Client[] = [];
  for (let i = 0; i < n; i += 8) {
    const batch = Math.min(8, n - i);
    users.push(...(await Promise.all(Array.from({ length: batch }, () => signUp(base, name)))));
  }
  return users;
}
