import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, http, readCookie } from './http';
import { formErrorsOf, issuesToErrors, splitErrors } from './form-errors';

const fetchMock = vi.fn();

function respond(status: number, body?: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
    }),
  );
}

const sentInit = () => fetchMock.mock.calls[0][1] as RequestInit;
const sentHeaders = () => sentInit().headers as Record<string, string>;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=tok%2Ben; path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('http client', () => {
  it('marks every request as made by script and sends the XSRF token from its cookie', async () => {
    respond(200, { user: null });
    await http.get('/users/me');
    expect(fetchMock).toHaveBeenCalledWith('/users/me', expect.anything());
    expect(sentHeaders()['X-Requested-With']).toBe('XMLHttpRequest');
    expect(sentHeaders()['X-XSRF-TOKEN']).toBe('tok+en');
    expect(sentInit().credentials).toBe('same-origin');
    expect(sentInit().signal).toBeUndefined();
  });

  it('sends JSON bodies as JSON and answers the parsed body', async () => {
    respond(201, { user: { id: 3 } });
    const body = await http.post<{ user: { id: number } }>('/register', { first_name: 'Sidi' });
    expect(body.user.id).toBe(3);
    expect(sentInit().method).toBe('POST');
    expect(sentInit().body).toBe('{"first_name":"Sidi"}');
    expect(sentHeaders()['Content-Type']).toBe('application/json');
  });

  it('lets FormData set its own multipart content type', async () => {
    respond(200, {});
    const form = new FormData();
    form.append('name', 'x');
    await http.put('/users/1', form);
    expect(sentInit().body).toBe(form);
    expect(sentHeaders()['Content-Type']).toBeUndefined();
  });

  it('treats every 2xx as success, including an empty 204', async () => {
    respond(204);
    await expect(http.post('/logout')).resolves.toBeUndefined();
    respond(299, { ok: 1 });
    await expect(http.get('/x')).resolves.toEqual({ ok: 1 });
  });

  it('passes other failures to the caller with the status and the errors object', async () => {
    respond(422, { errors: { phone_1: ['phone_taken'], global: ['bad_input'] } });
    const error = await http.post('/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).errors).toEqual({
      phone_1: ['phone_taken'],
      global: ['bad_input'],
    });
  });

  it('gives a failure without an errors object a general error', async () => {
    respond(500);
    const error = (await http.get('/x').catch((e: unknown) => e)) as HttpError;
    expect(error.errors).toEqual({ global: ['server_error'] });
    respond(404, { message: 'nope' });
    const other = (await http.get('/x').catch((e: unknown) => e)) as HttpError;
    expect(other.status).toBe(404);
    expect(other.errors).toEqual({ global: ['unknown_error'] });
  });

  it('reports a network failure as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await http.get('/x').catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(0);
    expect(error.errors).toEqual({ global: ['network_error'] });
  });

  it('sends the browser to the site root on 401 and never settles', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    respond(401, { errors: { global: ['unauthenticated'] } });
    const settled = vi.fn();
    http.put('/users/password', {}).then(settled, settled);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).not.toHaveBeenCalled();
  });

  it('omits the XSRF header when there is no cookie', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(readCookie('XSRF-TOKEN')).toBeNull();
    respond(200, {});
    await http.get('/x');
    expect(sentHeaders()['X-XSRF-TOKEN']).toBeUndefined();
  });

  it('reports upload progress through XMLHttpRequest with the same headers', async () => {
    const headers: Record<string, string> = {};
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress?: (e: ProgressEventInit) => void } = {};
      onload?: () => void;
      open = vi.fn();
      setRequestHeader(key: string, value: string) {
        headers[key] = value;
      }
      send() {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.status = 201;
        this.responseText = '{"product":{"id":9}}';
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress = vi.fn();
    const body = await http.post('/products/create/offer', new FormData(), {
      onUploadProgress: progress,
    });
    expect(body).toEqual({ product: { id: 9 } });
    expect(progress).toHaveBeenCalledWith(0.5);
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['X-XSRF-TOKEN']).toBe('tok+en');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('form errors', () => {
  it('puts field errors under their fields and the rest in the general error', () => {
    expect(
      splitErrors(
        {
          phone_1: ['phone_taken'],
          global: ['too_many_attempts'],
          unknown: ['server_error'],
          language: ['bad_input'],
        },
        ['phone_1', 'password'],
      ),
    ).toEqual({
      fields: { phone_1: ['phone_taken'] },
      general: ['too_many_attempts', 'server_error', 'bad_input'],
    });
  });

  it('turns anything that is not an HttpError into a general error', () => {
    expect(formErrorsOf(new Error('boom'), ['x'])).toEqual({
      fields: {},
      general: ['unknown_error'],
    });
  });

  it('maps zod issues like the server does', () => {
    expect(
      issuesToErrors([
        { path: ['password'], message: 'password_too_short' },
        { path: ['password'], message: 'password_too_short' },
        { path: [], message: 'bad_input' },
      ]),
    ).toEqual({ password: ['password_too_short'], global: ['bad_input'] });
  });
});
