import fs from 'node:fs';
import { chromium } from 'playwright';
import { startServer } from './server';
const server = await startServer();
const url = server.info.address + (process.argv[2] ?? '/');
for (let i = 0; i < 3; i++) await (await fetch(url, { headers: { accept: 'text/html' } })).text();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForTimeout(6000);
  const { profile } = await cdp.send('Profiler.stop');
  fs.writeFileSync('/tmp/prof.cpuprofile', JSON.stringify(profile));
} finally { await browser.close(); server.stop(); }
