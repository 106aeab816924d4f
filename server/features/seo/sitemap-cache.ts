import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// Sitemaps are built once and served many times (issue 29 item 7): a crawler, or four scripts at
// once, asking for the same file cost one build, not one each. Per process, in memory, gzipped
// (crawlers take gzip; the rare client that does not gets it unzipped on the way out). A file
// older than its time to live is still served, and rebuilt in the background, once; a missing
// entry is built once however many ask for it at the same moment. The oldest entries go first when
// the cache passes its byte budget.

const gzip = promisify(zlib.gzip);

export interface BuiltFile {
  gzip: Buffer;
  /** A strong validator of the content (If-None-Match). */
  etag: string;
  /** When it was built (Last-Modified, If-Modified-Since). */
  builtAt: number;
}

/** The file's XML, or null when it does not exist (not kept: a probe of an empty range is cheap). */
export type Build = () => Promise<string | null>;

export class SitemapCache {
  private readonly entries = new Map<string, BuiltFile>();
  private readonly building = new Map<string, Promise<BuiltFile | null>>();
  private bytes = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  async get(key: string, build: Build): Promise<BuiltFile | null> {
    const entry = this.entries.get(key);
    // A time to live of 0 keeps nothing: every request builds (tests that watch a change land).
    if (!entry || this.ttlMs === 0) return this.rebuild(key, build);
    // Most recently used last: the eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (Date.now() - entry.builtAt >= this.ttlMs) {
      this.rebuild(key, build).catch(this.onError);
    }
    return entry;
  }

  private rebuild(key: string, build: Build): Promise<BuiltFile | null> {
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.make(key, build).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  private async make(key: string, build: Build): Promise<BuiltFile | null> {
    const xml = await build();
    this.forget(key);
    if (xml === null) return null;
    // Level 1: half the time of the default 6 on a 2 MB file (19 against 33 ms) for 8 % more
    // bytes; the validator hashes the 30 times smaller gzip, which is as deterministic as the XML.
    const zipped = await gzip(xml, { level: 1 });
    const file: BuiltFile = {
      gzip: zipped,
      etag: `"${crypto.createHash('sha1').update(zipped).digest('base64url')}"`,
      builtAt: Date.now(),
    };
    this.entries.set(key, file);
    this.bytes += file.gzip.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.forget(oldest);
    }
    return file;
  }

  private forget(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.gzip.length;
  }
}
