#!/usr/bin/env node
'use strict';
// Regenerates docs/report.png, the README's picture of `extract report`: extracts the example
// into a temp folder, renders the report and photographs it in headless Chromium (Debian's
// chromium package; CHROMIUM_PATH overrides). Needs `npm run build` first.
const { cpSync, mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { extract, report } = require('../dist/index.js');

const ROOT = join(__dirname, '..');
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'extract-screenshot-'));
  const profile = mkdtempSync(join(tmpdir(), 'extract-chromium-profile-'));
  try {
    cpSync(join(ROOT, 'test', 'fixtures', 'example', 'tasks.json'), join(dir, 'tasks.json'));
    await extract({ cwd: dir, now: '2026-02-10T00:00:00Z' });
    writeFileSync(join(dir, 'report.html'), await report({ cwd: dir }));
    const browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, viewport: { width: 1100, height: 820 } });
    try {
      const page = browser.pages()[0] || (await browser.newPage());
      await page.goto(`file://${join(dir, 'report.html')}`);
      await page.locator('li.decision summary').first().click();
      await page.locator('li.review summary').first().click();
      await page.screenshot({ path: join(ROOT, 'docs', 'report.png') });
    } finally {
      await browser.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
  console.log('wrote docs/report.png');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
