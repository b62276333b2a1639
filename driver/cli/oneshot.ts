// `ariaref snapshot <url-or-file>`: the one-shot form scripts use. Its own browser, the
// snapshot, exit; no daemon and no session.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

class UsageError extends Error {
  override name = 'UsageError';
}

/** A URL as given, or a local file path turned into a file:// URL. */
export function toUrl(target: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) && !/^[a-z]:[\\/]/i.test(target)) return target;
  const path = resolve(target);
  if (existsSync(path)) return pathToFileURL(path).href;
  // A bare host name (example.com/path) means the web; a missing page.html does not.
  if (/^[\w-]+(\.[\w-]+)+(:\d+)?(\/|$)/.test(target) && !/\.(x?html?|svg|xml)$/i.test(target)) return `https://${target}`;
  throw new UsageError(`"${target}" is neither a URL nor an existing file. Pass a URL (https://...) or a path to an HTML file.`);
}

function positiveInt(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new UsageError(`${flag} needs a whole number, got "${value}".`);
  return number;
}

export async function snapshotOnce(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      depth: { type: 'string' },
      boxes: { type: 'boolean' },
      verbose: { type: 'boolean' },
      root: { type: 'string' },
      browser: { type: 'string' },
      headed: { type: 'boolean' },
      timeout: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('snapshot needs exactly one URL or file, e.g. ariaref snapshot https://example.com');
  const url = toUrl(positionals[0]!);
  const depth = positiveInt(values.depth, '--depth');
  const timeout = positiveInt(values.timeout, '--timeout') ?? 30_000;
  const { launch } = await import('../index.js');
  const browser = await launch({ headed: !!values.headed, ...(values.browser ? { executablePath: values.browser } : {}) });
  try {
    const page = await browser.newPage();
    await page.page.goto(url, { timeout });
    const options = {
      ...(depth !== undefined ? { depth } : {}),
      ...(values.boxes ? { boxes: true } : {}),
      ...(values.verbose ? { verbose: true } : {}),
      ...(values.root ? { rootSelector: values.root } : {}),
    };
    const output = values.json
      ? JSON.stringify(await page.snapshotTree(options), null, 2)
      : await page.snapshot(options);
    process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  } finally {
    await browser.close();
  }
}
