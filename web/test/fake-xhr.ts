// Uploads with progress go through XMLHttpRequest (web/lib/http.ts): in tests this stand-in
// passes them to `fetch`, which the fake server answers and records like any other call.

export class FakeXhr {
  status = 0;
  responseText = '';
  upload: {
    onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void;
  } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  abort() {
    this.onabort?.();
  }

  async send(body: unknown) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
    const response = await fetch(this.url, {
      method: this.method,
      body: body as BodyInit,
      headers: this.headers,
    });
    this.status = response.status;
    this.responseText = await response.text();
    this.onload?.();
  }
}
