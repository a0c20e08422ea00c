import { existsSync, readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (which cannot download a browser of its own here).
 * CHROMIUM_PATH names another build.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: ReadonlyArray<{ readonly target: readonly string[] }>;
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page's serious and critical accessibility violations, by axe-core. axe is evaluated in the
 * page (the page's Content-Security-Policy refuses an injected script element, not an evaluation
 * by the browser's own protocol).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(context?: unknown, options?: unknown): Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return (violations as AxeViolation[]).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A readable list of violations, for a failing expectation's message. */
export function describeViolations(url: string, violations: readonly AxeViolation[]): string {
  return violations.map((v) => `${url}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`).join('\n');
}
