// browser_get_config: the effective configuration in Playwright MCP's shape, with the caps it
// runs with and no credential in it (secrets, connect headers, proxy and URL passwords).
import { afterAll, describe, expect, it } from 'vitest';
import { inProcessSession, sectionOf } from './helpers.js';
import { formatConfig } from '../../driver/tools/format/devtools.js';
import { parseConfig } from '../../driver/mcp/config.js';

const SECRET = 'sk-live-4242-very-secret';
const BEARER = 'Bearer tok-abc-987-zyx';
const PROXY_PASSWORD = 'prx-pw-55aa';

describe('browser_get_config', () => {
  const s = inProcessSession({
    caps: ['config', 'devtools'],
    secrets: { API_KEY: SECRET },
    // Never dialled: reading the config starts no browser.
    connect: `http://admin:${PROXY_PASSWORD}@127.0.0.1:9/?token=${SECRET}`,
    connectHeaders: { Authorization: BEARER, 'X-Team': 'blue' },
    launchOptions: { proxy: { server: `http://user:${PROXY_PASSWORD}@127.0.0.1:3128`, username: 'user', password: PROXY_PASSWORD } },
    contextOptions: { httpCredentials: { username: 'ann', password: PROXY_PASSWORD }, extraHTTPHeaders: { Cookie: `sid=${SECRET}` } },
    allowedOrigins: ['http://127.0.0.1'],
    actionTimeoutMs: 4321,
  });
  afterAll(() => s.close());

  it('shows the caps and settings in Playwright MCP\'s shape', async () => {
    const result = await s.call('browser_get_config');
    expect(result.isError, result.text).toBe(false);
    const config = JSON.parse(sectionOf(result.text, 'Result'));
    expect(config.capabilities).toEqual(['config', 'devtools']);
    expect(config.timeouts.action).toBe(4321);
    expect(config.network.allowedOrigins).toEqual(['http://127.0.0.1']);
    expect(config.browser.browserName).toBe('chromium');
    expect(config.browser.launchOptions.executablePath).toBe('/usr/bin/chromium');
    expect(config.outputDir).toBe(s.config.outputDir);
    expect(config.secrets).toEqual({ API_KEY: '<secret>API_KEY</secret>' });
    expect(config.browser.cdpHeaders).toEqual({ Authorization: '<redacted>', 'X-Team': '<redacted>' });
    expect(config.browser.cdpEndpoint).toBe('http://admin:<redacted>@127.0.0.1:9/?token=<redacted>');
    expect(config.browser.launchOptions.proxy).toEqual({ server: 'http://user:<redacted>@127.0.0.1:3128', username: 'user', password: '<redacted>' });
    expect(s.session.currentTabOrUndefined()).toBeUndefined();
  });

  it('never shows a secret, header or password value, even before the response redacts', async () => {
    const answer = (await s.call('browser_get_config')).text;
    const direct = formatConfig(s.config);
    for (const text of [answer, direct]) {
      for (const value of [SECRET, BEARER, 'tok-abc-987-zyx', PROXY_PASSWORD]) expect(text).not.toContain(value);
    }
    expect(JSON.parse(direct).browser.contextOptions.httpCredentials).toEqual({ username: 'ann', password: '<redacted>' });
  });
});

describe('browser_get_config after merging file, environment and command line', () => {
  const browserOf = (argv: string[]) => JSON.parse(formatConfig(parseConfig(argv, {}).config)).browser;

  it('says whether the profile is in memory (isolated): yes without --user-data-dir, no with one, unset when connecting', () => {
    expect(browserOf(['--isolated']).isolated).toBe(true);
    expect(browserOf([]).isolated).toBe(true);
    expect(browserOf(['--user-data-dir', '/tmp/ariaref-profile']).isolated).toBe(false);
    expect(browserOf(['--endpoint', 'ws://127.0.0.1:1/']).isolated).toBeUndefined();
  });
});
