import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import fs from 'node:fs';
import { startServer } from './server';
import { CHROME_FLAGS, CHROME_PATH } from './web-js';
const server = await startServer();
const base = server.info.address.replace('127.0.0.1', 'localhost');
const url = process.argv[2] ?? '/';
for (let i = 0; i < 3; i++) await (await fetch(server.info.address + url, { headers: { accept: 'text/html' } })).text();
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: ['--headless=new', ...CHROME_FLAGS] });
try {
  const r = await lighthouse(base + url, { port: chrome.port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
  const a = r!.lhr.audits;
  fs.writeFileSync('/tmp/diag-lhr.json', JSON.stringify(r!.lhr));
  const arts = r!.artifacts as any;
  fs.writeFileSync('/tmp/diag-trace.json', JSON.stringify(arts.Trace ?? arts.traces?.defaultPass));
  console.log('TBT', a['total-blocking-time'].numericValue, 'TTI', a['interactive'].numericValue);
} finally { chrome.kill(); server.stop(); }
