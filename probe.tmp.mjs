import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (let i = 0; i < 16; i++) {
  const p = await b.newPage({ viewport: { width: 412, height: 823 } });
  await (await p.context().newCDPSession(p)).send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await p.goto(process.argv[2], { waitUntil: 'load' });
  const r = await p.evaluate(() => new Promise((res) => {
    const out = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) out.push({ v: e.value, t: Math.round(e.startTime), s: e.sources.map((s) => [s.node?.nodeName + '.' + (s.node?.className||''), JSON.stringify(s.previousRect), JSON.stringify(s.currentRect)]) }); }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => res(out), 1500);
  }));
  console.log(JSON.stringify(r));
  await p.close();
}
await b.close();
