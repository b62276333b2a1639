// Options, safety checks and the registry without a browser: config precedence, origin lists,
// file roots, Host-header checks, capability groups and --no-evaluate.
import { describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, defaultConfig, helpText, parseConfig, parseDotenv } from '../../driver/mcp/config.js';
import { readFileSync } from 'node:fs';
import { originVerdict } from '../../driver/browser/origins.js';
import { checkFilePath } from '../../driver/tools/files.js';
import { allTools, callTool, enabledTools, inputJsonSchema } from '../../driver/tools/registry.js';
import { Session } from '../../driver/tools/session.js';
import { BrowserHost } from '../../driver/browser/host.js';
import { parseToolArgs } from '../../driver/cli/tool-args.js';
import { formatSnapshot } from '../../driver/tools/format/sections.js';
import { normalizeUrl } from '../../driver/tools/groups/navigation.js';
import { imageSize } from '../../driver/tools/image-fit.js';
import { tempDir } from './helpers.js';
import { TOOL_GROUPS } from '../../driver/tools/config.js';
import { runMcpCli } from '../../driver/mcp/cli.js';

describe('config', () => {
  it('reads flags, environment and a config file with command line > environment > file', () => {
    const dir = tempDir('ariaref-config-');
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ headed: true, viewport: '800x600', caps: ['vision'], snapshotMaxTokens: 100, timeoutAction: 1234 }));
    const { config } = parseConfig(['--config', file, '--caps', 'pdf', '--no-evaluate'], { ARIAREF_SNAPSHOT_MAX_TOKENS: '200', ARIAREF_ALLOWED_ORIGINS: 'a.com, *.b.org' });
    expect(config.headless).toBe(false);
    expect(config.viewport).toEqual({ width: 800, height: 600 });
    expect(config.caps).toEqual(['pdf']);
    expect(config.snapshotMaxTokens).toBe(200);
    expect(config.actionTimeoutMs).toBe(1234);
    expect(config.evaluate).toBe(false);
    expect(config.allowedOrigins).toEqual(['a.com', '*.b.org']);
  });

  it('explains bad input with the option and what to do', () => {
    expect(() => parseConfig(['--frobnicate'], {})).toThrow(/Unknown option --frobnicate.*--help/);
    expect(() => parseConfig(['--viewport', 'big'], {})).toThrow(/WIDTHxHEIGHT/);
    expect(() => parseConfig(['--caps', 'telepathy'], {})).toThrow(ConfigError);
    expect(() => parseConfig(['--port'], {})).toThrow(/--port needs a value/);
  });

  it('refuses a bad start with exit code 1 and one line on stderr, as Playwright MCP does', async () => {
    const written: string[] = [];
    const write = process.stderr.write;
    const exitCode = process.exitCode;
    process.stderr.write = ((chunk: string) => { written.push(String(chunk)); return true; }) as typeof process.stderr.write;
    let code: typeof process.exitCode;
    try {
      await runMcpCli(['--device=Pixel 5', '--cdp-endpoint=http://localhost:1234']);
      code = process.exitCode;
    } finally {
      process.stderr.write = write;
      process.exitCode = exitCode; // this test process's own exit code stays as it was
    }
    expect(code).toBe(1);
    expect(written.join('')).toMatch(/^ariaref mcp: --device: Device emulation is not supported with cdpEndpoint\. Drop --device, or drop --cdp-endpoint.*\n$/);
  });

  it('lists every option in --help with its environment variable', () => {
    const help = helpText();
    for (const flag of ['--headed', '--executable-path', '--connect', '--user-data-dir', '--viewport', '--allowed-origins', '--blocked-origins', '--output-dir', '--timeout-action', '--caps', '--evaluate', '--allow-file-access', '--snapshot-max-tokens', '--port', '--host', '--allowed-hosts', '--config'])
      expect(help).toContain(flag);
    expect(help).toContain('ARIAREF_ALLOWED_ORIGINS');
  });
});

describe("Playwright MCP 0.0.83's flags", () => {
  const parse = (...argv: string[]) => parseConfig(argv, {}).config;
  const dir = tempDir('ariaref-pwflags-');
  const file = (name: string, text: string) => { const path = join(dir, name); writeFileSync(path, text); return path; };

  it('accepts every flag of its --help', () => {
    const help = readFileSync(join(import.meta.dirname, '..', '..', 'node_modules', '@playwright', 'mcp', 'package.json'), 'utf8');
    expect(JSON.parse(help).version).toBe('0.0.83');
    const ours = helpText();
    const theirs = ['--allowed-hosts', '--allowed-origins', '--allow-unrestricted-file-access', '--blocked-origins', '--block-service-workers', '--browser', '--caps',
      '--cdp-endpoint', '--cdp-header', '--cdp-timeout', '--codegen', '--config', '--console-level', '--device', '--mobile', '--executable-path', '--extension',
      '--endpoint', '--file-paths', '--grant-permissions', '--headless', '--host', '--idle-timeout', '--ignore-https-errors', '--init-page', '--init-script',
      '--isolated', '--image-responses', '--no-sandbox', '--no-webmcp', '--output-dir', '--output-max-size', '--port', '--profile-dir-name', '--proxy-bypass',
      '--proxy-server', '--sandbox', '--save-session', '--secrets', '--shared-browser-context', '--snapshot-boxes', '--snapshot-mode', '--storage-state',
      '--test-id-attribute', '--timeout-action', '--timeout-navigation', '--timeout-settle', '--user-agent', '--user-data-dir', '--viewport-size', '--version'];
    for (const flag of theirs) expect(ours, flag).toContain(flag);
    expect(ours).toMatch(/ariaref defaults to headless/);
    expect(ours).toMatch(/--caps.*storage/s);
  });

  it('maps the browser and context flags onto launch and context options', () => {
    const state = file('state.json', '{"cookies":[],"origins":[]}');
    const config = parse('--isolated', '--user-agent', 'UA/1', '--viewport-size', '800x600', '--ignore-https-errors', '--grant-permissions', 'geolocation', 'clipboard-read',
      '--block-service-workers', '--storage-state', state, '--proxy-server', 'http://proxy:3128', '--proxy-bypass', '.com,chromium.org', '--sandbox', '--headless');
    expect(config.headless).toBe(true);
    expect(config.viewport).toEqual({ width: 800, height: 600 });
    expect(config.contextOptions).toEqual({
      viewport: { width: 800, height: 600 }, userAgent: 'UA/1', ignoreHTTPSErrors: true, permissions: ['geolocation', 'clipboard-read'],
      serviceWorkers: 'block', storageState: state, proxy: { server: 'http://proxy:3128', bypass: '.com,chromium.org' },
    });
    expect(config.launchOptions).toEqual({ proxy: { server: 'http://proxy:3128', bypass: '.com,chromium.org' }, chromiumSandbox: true });
    expect(parse('--no-sandbox').launchOptions).toEqual({ chromiumSandbox: false });
    expect(parse('--headed').headless).toBe(false);
    expect(parse('--grant-permissions=geolocation,midi').contextOptions?.permissions).toEqual(['geolocation', 'midi']);
  });

  it('emulates devices: --device by name, --mobile as a Pixel 10; an explicit viewport wins', () => {
    const iphone = parse('--device', 'iPhone 15');
    expect(iphone.contextOptions).toMatchObject({ isMobile: true, hasTouch: true, viewport: { width: 393, height: 659 } });
    expect(iphone.contextOptions).not.toHaveProperty('defaultBrowserType');
    expect(parse('--mobile').contextOptions?.userAgent).toMatch(/Pixel 10/);
    expect(parse('--device', 'Pixel 7', '--viewport-size', '500x500').contextOptions?.viewport).toEqual({ width: 500, height: 500 });
    expect(() => parse('--device', 'iphone 15 pro')).toThrow(/Unknown device "iphone 15 pro"\. Did you mean "iPhone 15 Pro"/);
    expect(() => parse('--mobile', '--device', 'Pixel 7')).toThrow(/--mobile cannot be combined with --device/);
    expect(() => parse('--device', 'Pixel 7', '--cdp-endpoint', 'http://127.0.0.1:9222')).toThrow(/--device: Device emulation is not supported with cdpEndpoint\. Drop --device/);
  });

  it('connects with --cdp-endpoint, --endpoint, --cdp-header and --cdp-timeout', () => {
    const cdp = parse('--cdp-endpoint', 'http://127.0.0.1:9222', '--cdp-header', 'Authorization: Bearer x', 'X-Other: y', '--cdp-timeout', '1500');
    expect(cdp.connect).toBe('http://127.0.0.1:9222');
    expect(cdp.connectHeaders).toEqual({ Authorization: 'Bearer x', 'X-Other': 'y' });
    expect(cdp.connectTimeoutMs).toBe(1500);
    expect(parse('--cdp-header', 'A: 1', '--cdp-header', 'B: 2').connectHeaders).toEqual({ A: '1', B: '2' });
    expect(parse('--endpoint', 'ws://127.0.0.1:3000/pw').connect).toBe('ws://127.0.0.1:3000/pw');
    // Playwright MCP's hidden --remote-header goes with --endpoint; an endpoint pasted from a banner loses its line break.
    const remote = parse('--endpoint', 'ws://127.0.0.1:3000/\n', '--remote-header', 'x-playwright-browser: chromium');
    expect(remote).toMatchObject({ connect: 'ws://127.0.0.1:3000/', connectHeaders: { 'x-playwright-browser': 'chromium' } });
  });

  it('adds init scripts and init pages (repeatable, variadic), checking that the files exist', () => {
    const a = file('a.js', ''), b = file('b.js', ''), page = file('page.mjs', 'export default () => {}');
    const config = parse('--init-script', a, b, '--init-page', page, '--init-script', a);
    expect(config.initScripts).toEqual([a, b, a]);
    expect(config.initPages).toEqual([page]);
    expect(() => parse('--init-script', join(dir, 'missing.js'))).toThrow(/--init-script: the init script file .*missing\.js does not exist/);
    expect(() => parse('--storage-state', join(dir, 'missing.json'))).toThrow(/storage state file .* does not exist/);
  });

  it('refuses browsers other than Chromium and the extension, saying what to use instead', () => {
    for (const ok of ['chromium', 'chrome', 'chrome-beta', 'chrome-canary']) expect(() => parse('--browser', ok)).not.toThrow();
    for (const no of ['firefox', 'webkit', 'msedge', 'msedge-dev', 'moz-firefox'])
      expect(() => parse('--browser', no)).toThrow(new RegExp(`--browser ${no} is not supported: ariaref drives Chromium only\\. Use --browser chromium`));
    expect(() => parse('--browser', 'netscape')).toThrow(/unknown browser "netscape"/);
    expect(() => parse('--extension')).toThrow(/--extension is not supported.*--cdp-endpoint/);
    expect(() => parse('--isolated', '--user-data-dir', dir)).toThrow(/--isolated .* cannot be combined with --user-data-dir/);
  });

  it('maps the renamed flags onto ours', () => {
    expect(parse('--allow-unrestricted-file-access').allowFileAccess).toBe(true);
    expect(parse('--allowed-origins', 'https://a.com;https://b.com:8080').allowedOrigins).toEqual(['https://a.com', 'https://b.com:8080']);
    expect(parse('--blocked-origins', 'a.com;b.com').blockedOrigins).toEqual(['a.com', 'b.com']);
    expect(parse('--timeout-action', '100', '--timeout-navigation', '200')).toMatchObject({ actionTimeoutMs: 100, navigationTimeoutMs: 200 });
    expect(parse('--shared-browser-context').sharedContext).toBe(true);
    expect(parse('--allowed-hosts', 'a.lan', 'b.lan', '--port', '8931', '--host', '0.0.0.0')).toMatchObject({ allowedHosts: ['a.lan', 'b.lan'], port: 8931, host: '0.0.0.0' });
    expect(parseConfig(['--version'], {}).version).toBe(true);
  });

  it('accepts every capability group of Playwright MCP, but not unknown ones', () => {
    const config = parse('--caps', 'vision,devtools,network,storage,core,vision');
    expect(config.caps).toEqual(['vision', 'devtools', 'network', 'storage', 'core']);
    expect(() => parse('--caps', 'vision,telepathy')).toThrow(/unknown group "telepathy"\. Known groups: core, .*devtools/);
  });

  it('takes the legacy --vision as --caps vision and tracing as another name for devtools', () => {
    expect(parse('--vision').caps).toEqual(['vision']);
    expect(parse('--vision', '--caps=pdf').caps).toEqual(['pdf', 'vision']);
    expect(parse('--caps=tracing').caps).toEqual(['devtools']);
    expect(parse('--caps', 'devtools,tracing').caps).toEqual(['devtools']);
  });

  it('stores the options later tools read', () => {
    const secrets = file('secrets.env', '# comment\nAPI_KEY=abc123\nexport PASSWORD="p a#ss"\nEMPTY=\nTRAIL=x # note\n');
    const config = parse('--test-id-attribute', 'data-qa', '--image-responses', 'omit', '--console-level', 'error', '--snapshot-mode', 'none', '--snapshot-boxes',
      '--output-max-size', '1000000', '--file-paths', 'absolute', '--codegen', 'python', '--secrets', secrets, '--timeout-settle', '700', '--profile-dir-name', 'Profile 1',
      '--no-webmcp', '--save-session', '--idle-timeout', '60000');
    expect(config).toMatchObject({
      testIdAttribute: 'data-qa', imageResponses: 'omit', consoleLevel: 'error', snapshotMode: 'none', snapshotBoxes: true, outputMaxSize: 1000000,
      filePaths: 'absolute', codegen: 'python', settleTimeoutMs: 700, profileDirName: 'Profile 1', webmcp: false, saveSession: true, idleTimeoutMs: 60000,
      secrets: { API_KEY: 'abc123', PASSWORD: 'p a#ss', EMPTY: '', TRAIL: 'x' },
    });
    expect(parse('--snapshot-mode', 'diff').snapshotMode).toBe('diff');
    expect(defaultConfig()).toMatchObject({ testIdAttribute: 'data-testid', imageResponses: 'allow', codegen: 'typescript', webmcp: true, snapshotMode: 'diff' });
    expect(() => parse('--image-responses', 'some')).toThrow(/--image-responses: expected "allow", "omit", "only", got "some"/);
    expect(() => parse('--codegen', 'cobol')).toThrow(/--codegen: expected/);
    expect(() => parse('--console-level', 'loud')).toThrow(/--console-level: expected/);
    expect(() => parse('--file-paths', 'weird')).toThrow(/--file-paths: expected/);
    expect(parseDotenv('A=1\nB = "x\\ny"')).toEqual({ A: '1', B: 'x\ny' });
  });

  it('reads the same options from ARIAREF_* variables', () => {
    const { config } = parseConfig([], { ARIAREF_USER_AGENT: 'EnvUA', ARIAREF_DEVICE: 'Pixel 7', ARIAREF_ISOLATED: '1', ARIAREF_HEADED: 'true' });
    expect(config.contextOptions?.userAgent).toBe('EnvUA');
    expect(config.contextOptions?.isMobile).toBe(true);
    expect(config.headless).toBe(false);
  });

  it("reads Playwright MCP's PLAYWRIGHT_MCP_* variables, below ARIAREF_*", () => {
    const { config } = parseConfig([], {
      PLAYWRIGHT_MCP_USER_AGENT: 'PwUA', PLAYWRIGHT_MCP_VIEWPORT_SIZE: '700x500', PLAYWRIGHT_MCP_ALLOWED_ORIGINS: 'a.com;b.com', PLAYWRIGHT_MCP_CDP_HEADERS: 'A: 1',
      PLAYWRIGHT_MCP_TIMEOUT_ACTION: '111', ARIAREF_TIMEOUT_ACTION: '222', PLAYWRIGHT_MCP_DEVICE: '',
    });
    expect(config).toMatchObject({ viewport: { width: 700, height: 500 }, allowedOrigins: ['a.com', 'b.com'], connectHeaders: { A: '1' }, actionTimeoutMs: 222 });
    expect(config.contextOptions?.userAgent).toBe('PwUA');
    // ARIAREF_BROWSER stays the executable path (findBrowser); the channel is ARIAREF_BROWSER_CHANNEL.
    expect(() => parseConfig([], { ARIAREF_BROWSER: '/usr/bin/chromium' })).not.toThrow();
    expect(() => parseConfig([], { ARIAREF_BROWSER_CHANNEL: 'webkit' })).toThrow(/ARIAREF_BROWSER_CHANNEL webkit is not supported/);
    expect(() => parseConfig([], { PLAYWRIGHT_MCP_BROWSER: 'firefox' })).toThrow(/PLAYWRIGHT_MCP_BROWSER firefox is not supported/);
  });
});

describe("Playwright MCP's config file", () => {
  const dir = tempDir('ariaref-pwconfig-');
  const write = (json: unknown) => { const path = join(dir, `c${Math.random().toString(36).slice(2)}.json`); writeFileSync(path, JSON.stringify(json)); return path; };

  it('maps every section onto our options, raw launch and context options passed through', () => {
    writeFileSync(join(dir, 'init.js'), '');
    writeFileSync(join(dir, 'page.mjs'), 'export default () => {}');
    writeFileSync(join(dir, 'secrets.env'), '');
    const path = write({
      browser: {
        browserName: 'chromium', isolated: true,
        launchOptions: { headless: false, executablePath: '/usr/bin/chromium', args: ['--mute-audio', '--window-size=800,600'], channel: 'chrome', slowMo: 10 },
        contextOptions: { userAgent: 'FileUA', locale: 'de-DE', viewport: { width: 640, height: 480 } },
        cdpHeaders: { Authorization: 'x' }, cdpTimeout: 900, initScript: ['init.js'], initPage: ['page.mjs'],
      },
      server: { port: 9000, host: '0.0.0.0', allowedHosts: ['box.lan'] },
      capabilities: ['vision', 'devtools'],
      network: { allowedOrigins: ['https://a.com'], blockedOrigins: ['https://b.com'] },
      timeouts: { action: 1000, navigation: 2000, settle: 300, idle: 4000, expect: 5000 },
      console: { level: 'warning' }, snapshot: { mode: 'none', boxes: true },
      outputDir: dir, outputMaxSize: 10, saveSession: true, sharedBrowserContext: true, webmcp: false, secrets: { TOKEN: 't' },
      imageResponses: 'only', filePaths: 'absolute', allowUnrestrictedFileAccess: true, codegen: 'none', testIdAttribute: 'data-pw',
    });
    const { config } = parseConfig(['--config', path], {});
    expect(config).toMatchObject({
      headless: false, executablePath: '/usr/bin/chromium', browserArgs: ['--mute-audio', '--window-size=800,600'],
      contextOptions: { userAgent: 'FileUA', locale: 'de-DE', viewport: { width: 640, height: 480 } },
      launchOptions: { slowMo: 10 }, connectHeaders: { Authorization: 'x' }, connectTimeoutMs: 900,
      initScripts: [join(dir, 'init.js')], initPages: [join(dir, 'page.mjs')],
      port: 9000, host: '0.0.0.0', allowedHosts: ['box.lan'], caps: ['vision', 'devtools'],
      allowedOrigins: ['https://a.com'], blockedOrigins: ['https://b.com'],
      actionTimeoutMs: 1000, navigationTimeoutMs: 2000, settleTimeoutMs: 300, idleTimeoutMs: 4000,
      consoleLevel: 'warning', snapshotMode: 'none', snapshotBoxes: true, outputDir: dir, outputMaxSize: 10, saveSession: true, sharedContext: true,
      webmcp: false, secrets: { TOKEN: 't' }, imageResponses: 'only', filePaths: 'absolute', allowFileAccess: true, codegen: 'none', testIdAttribute: 'data-pw',
    });
    // The command line still wins over the file.
    expect(parseConfig(['--config', path, '--user-agent', 'CliUA', '--headless'], {}).config).toMatchObject({ headless: true, contextOptions: { userAgent: 'CliUA', locale: 'de-DE' } });
  });

  it('connects with cdpEndpoint or remoteEndpoint, and refuses what ariaref cannot do', () => {
    expect(parseConfig(['--config', write({ browser: { cdpEndpoint: 'http://127.0.0.1:9222' } })], {}).config.connect).toBe('http://127.0.0.1:9222');
    expect(parseConfig(['--config', write({ browser: { remoteEndpoint: { endpoint: 'ws://h:1/pw', headers: { A: 'b' } } } })], {}).config).toMatchObject({ connect: 'ws://h:1/pw', connectHeaders: { A: 'b' } });
    // Legacy remoteHeaders still apply to a string endpoint; remoteEndpoint.headers win over them on the same name.
    expect(parseConfig(['--config', write({ browser: { remoteEndpoint: 'ws://h:1/', remoteHeaders: { 'x-playwright-browser': 'chromium' } } })], {}).config)
      .toMatchObject({ connect: 'ws://h:1/', connectHeaders: { 'x-playwright-browser': 'chromium' } });
    expect(parseConfig(['--config', write({ browser: { remoteEndpoint: { endpoint: 'ws://h:1/', headers: { A: 'new' } }, remoteHeaders: { A: 'old', B: 'kept' } } })], {}).config.connectHeaders)
      .toEqual({ A: 'new', B: 'kept' });
    expect(() => parseConfig(['--config', write({ browser: { browserName: 'firefox' } })], {})).toThrow(/"browser\.browserName" firefox is not supported: ariaref drives Chromium only/);
    expect(() => parseConfig(['--config', write({ browser: { launchOptions: { channel: 'msedge' } } })], {})).toThrow(/msedge is not supported/);
    expect(() => parseConfig(['--config', write({ extension: true })], {})).toThrow(/"extension" is not supported/);
  });

  it('names an unknown key, with the keys it knows', () => {
    expect(() => parseConfig(['--config', write({ browser: { browserName: 'chromium', headles: true } })], {}))
      .toThrow(/unknown key "browser\.headles" in Playwright MCP's format\. Known keys of "browser": browserName, isolated/);
    expect(() => parseConfig(['--config', write({ server: {}, frobnicate: 1 })], {})).toThrow(/unknown key "frobnicate"/);
    expect(() => parseConfig(['--config', write({ timeouts: { action: 'soon' } })], {})).toThrow(/"timeouts\.action": expected a non-negative number/);
  });

  it('reads Playwright MCP INI files, typed by path as it types them, sections and dotted keys alike', () => {
    const ini = (text: string, name = `c${Math.random().toString(36).slice(2)}.ini`) => { const path = join(dir, name); writeFileSync(path, text); return path; };
    const { config } = parseConfig(['--config', ini(`
      ; comment
      browser.contextOptions.viewport = 640x480
      browser.contextOptions.userAgent = TestAgent/1.0
      browser.contextOptions.javaScriptEnabled = false
      browser.isolated = true
      capabilities = config
      console.level = error
      timeouts.action = 12345
      network.allowedOrigins = https://example.com
      saveSession = true
      [server]
      host = localhost
      port = 9011
    `)], {});
    expect(config).toMatchObject({
      contextOptions: { viewport: { width: 640, height: 480 }, userAgent: 'TestAgent/1.0', javaScriptEnabled: false },
      caps: ['config'], consoleLevel: 'error', actionTimeoutMs: 12345, allowedOrigins: ['https://example.com'],
      saveSession: true, host: 'localhost', port: 9011,
    });
    expect(config.userDataDir).toBeUndefined();
    // Playwright MCP also reads INI from a file with another extension, when it is not JSON.
    expect(parseConfig(['--config', ini('browser.contextOptions.locale = fr-FR\n', 'settings.conf')], {}).config.contextOptions).toMatchObject({ locale: 'fr-FR' });
    expect(() => parseConfig(['--config', ini('browser.contextOptions.viewport = wide\n')], {})).toThrow(/"browser\.contextOptions\.viewport" must be WIDTHxHEIGHT/);
    expect(() => parseConfig(['--config', ini('browser.frobnicate = 1\n')], {})).toThrow(/unknown key "browser\.frobnicate"/);
    // Broken JSON stays a JSON error, not an INI guess.
    expect(() => parseConfig(['--config', ini('{"browser": ', 'broken.json')], {})).toThrow(/Cannot read config file .*JSON/);
  });

  it('keeps reading our flat format', () => {
    const { config } = parseConfig(['--config', write({ viewportSize: '300x200', userAgent: 'Flat', isolated: true, 'grant-permissions': ['geolocation'] })], {});
    expect(config.contextOptions).toMatchObject({ viewport: { width: 300, height: 200 }, userAgent: 'Flat', permissions: ['geolocation'] });
  });
});

describe('safety', () => {
  it('matches origins, hosts and subdomain wildcards; block wins over allow', () => {
    const policy = { allowed: ['example.com', '*.trusted.org', 'http://127.0.0.1:8080'], blocked: ['bad.trusted.org'] };
    expect(originVerdict(policy, 'https://example.com/x')).toBeUndefined();
    expect(originVerdict(policy, 'https://api.trusted.org/')).toBeUndefined();
    expect(originVerdict(policy, 'http://127.0.0.1:8080/a')).toBeUndefined();
    expect(originVerdict(policy, 'http://127.0.0.1:9090/a')).toMatch(/not in --allowed-origins/);
    expect(originVerdict(policy, 'https://bad.trusted.org/')).toMatch(/blocked/);
    expect(originVerdict(policy, 'https://evil.com/')).toMatch(/not in --allowed-origins/);
    expect(originVerdict(policy, 'data:text/html,hi')).toBeUndefined();
  });

  it('keeps files inside the roots or the output directory, symlinks included', () => {
    const root = tempDir('ariaref-root-');
    const out = tempDir('ariaref-out-');
    mkdirSync(join(root, 'sub'));
    symlinkSync('/etc', join(root, 'sub', 'escape'));
    const policy = { outputDir: out, roots: [root], allowAnywhere: false };
    expect(checkFilePath(policy, join(root, 'a.txt'), 'Upload')).toBe(join(root, 'a.txt'));
    expect(checkFilePath(policy, 'relative.txt', 'Upload')).toBe(join(root, 'relative.txt'));
    expect(checkFilePath(policy, join(out, 'shot.png'), 'Screenshot')).toBe(join(out, 'shot.png'));
    expect(() => checkFilePath(policy, '/etc/passwd', 'Upload')).toThrow(/outside allowed roots.*--allow-file-access/);
    expect(() => checkFilePath(policy, join(root, '..', 'x'), 'Upload')).toThrow(/outside/);
    expect(() => checkFilePath(policy, join(root, 'sub', 'escape', 'passwd'), 'Upload')).toThrow(/outside/);
    expect(checkFilePath({ ...policy, allowAnywhere: true }, '/etc/passwd', 'Upload')).toBe('/etc/passwd');
  });

});

describe('registry', () => {
  const offline = (overrides: Partial<ReturnType<typeof defaultConfig>>) => {
    const config = { ...defaultConfig(), ...overrides };
    return new Session(config, new BrowserHost(config));
  };

  it('declares each tool once, with a valid JSON schema, annotations and a known group', () => {
    const names = allTools.map(t => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const tool of allTools) {
      const schema = inputJsonSchema(tool);
      expect(schema.type, tool.name).toBe('object');
      expect(schema.additionalProperties, tool.name).toBe(false);
      expect(tool.title && tool.description, tool.name).toBeTruthy();
      expect(TOOL_GROUPS).toContain(tool.group);
    }
  });

  it('offers opt-in groups only with --caps, and no code runner with --no-evaluate', () => {
    const core = enabledTools({ caps: [], evaluate: true }).map(t => t.name);
    expect(core).not.toContain('browser_mouse_click_xy');
    const vision = enabledTools({ caps: ['vision', 'pdf'], evaluate: true }).map(t => t.name);
    expect(vision).toEqual(expect.arrayContaining(['browser_mouse_click_xy', 'browser_mouse_move_xy', 'browser_mouse_drag_xy', 'browser_mouse_wheel', 'browser_pdf_save']));
    const safe = enabledTools({ caps: [], evaluate: false });
    expect(safe.some(t => t.runsCode)).toBe(false);
    expect(safe.map(t => t.name)).not.toContain('browser_evaluate');
  });

  it('refuses switched-off and unknown tools with the flag that changes it, before any browser starts', async () => {
    const context = offline({ evaluate: false });
    const evaluate = await callTool(context, 'browser_evaluate', { function: '() => 1' });
    expect(evaluate.isError).toBe(true);
    expect(evaluate.content[0]).toMatchObject({ type: 'text', text: expect.stringContaining('--no-evaluate') });
    const vision = await callTool(context, 'browser_mouse_click_xy', { x: 1, y: 1 });
    expect(vision.content[0]).toMatchObject({ text: expect.stringContaining('--caps vision') });
    const bad = await callTool(context, 'browser_wait_for', { time: 'soon' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]).toMatchObject({ text: expect.stringMatching(/expected number, received string\n  → at time/) });
    expect(context.tabs).toHaveLength(0);
  });
});

describe('tool arguments from a command line', () => {
  it('reads flags with the tool schema', () => {
    expect(parseToolArgs('browser_click', ['--ref', 'e5', '--doubleClick', '--modifiers', 'Shift', '--modifiers', 'Alt']))
      .toEqual({ ref: 'e5', doubleClick: true, modifiers: ['Shift', 'Alt'] });
    expect(parseToolArgs('browser_resize', ['--width=800', '--height', '600'])).toEqual({ width: 800, height: 600 });
    expect(parseToolArgs('browser_fill_form', ['--fields', '[{"name":"a","type":"textbox","ref":"e1","value":"x"}]']).fields).toHaveLength(1);
    expect(() => parseToolArgs('browser_fly', [])).toThrow(/Unknown tool/);
  });
});

describe('formatting', () => {
  it('fences a snapshot whole: the budget is applied once, by the fold in the page', () => {
    const yaml = Array.from({ length: 200 }, (_, i) => `- button "Button ${i}" [ref=e${i}]`).join('\n');
    expect(formatSnapshot(yaml + '\n')).toBe('```yaml\n' + yaml + '\n```');
  });

  it('completes URLs without a scheme', () => {
    expect(normalizeUrl('example.com/a')).toBe('https://example.com/a');
    expect(normalizeUrl('localhost:3000')).toBe('http://localhost:3000');
    expect(normalizeUrl('127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080/x');
    expect(normalizeUrl('https://a.b/')).toBe('https://a.b/');
    expect(normalizeUrl('about:blank')).toBe('about:blank');
  });

  it('reads PNG and JPEG sizes from their headers', () => {
    const png = Buffer.alloc(33);
    png.writeUInt32BE(0x89504e47, 0);
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    expect(imageSize(png)).toEqual({ width: 640, height: 480 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0, 0, 0, 0]);
    expect(imageSize(jpeg)).toEqual({ width: 640, height: 480 });
    expect(imageSize(Buffer.from('GIF89a'))).toBeUndefined();
  });
});
