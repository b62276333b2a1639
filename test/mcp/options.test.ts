// Options, safety checks and the registry without a browser: config precedence, origin lists,
// file roots, Host-header checks, capability groups and --no-evaluate.
import { describe, expect, it } from 'vitest';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, defaultConfig, helpText, parseConfig } from '../../driver/mcp/config.js';
import { originVerdict } from '../../driver/browser/origins.js';
import { checkFilePath } from '../../driver/tools/files.js';
import { hostAllowed } from '../../driver/mcp/http.js';
import { allTools, callTool, enabledTools, inputJsonSchema } from '../../driver/tools/registry.js';
import { Session } from '../../driver/tools/session.js';
import { BrowserHost } from '../../driver/browser/host.js';
import { parseToolArgs } from '../../driver/cli/tool-args.js';
import { formatSnapshot } from '../../driver/tools/format/sections.js';
import { normalizeUrl } from '../../driver/tools/groups/navigation.js';
import { imageSize } from '../../driver/tools/image-fit.js';
import { tempDir } from './helpers.js';

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

  it('lists every option in --help with its environment variable', () => {
    const help = helpText();
    for (const flag of ['--headed', '--executable-path', '--connect', '--user-data-dir', '--viewport', '--allowed-origins', '--blocked-origins', '--output-dir', '--timeout-action', '--caps', '--evaluate', '--allow-file-access', '--snapshot-max-tokens', '--port', '--host', '--allowed-hosts', '--config'])
      expect(help).toContain(flag);
    expect(help).toContain('ARIAREF_ALLOWED_ORIGINS');
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
    expect(() => checkFilePath(policy, '/etc/passwd', 'Upload')).toThrow(/outside the allowed folders.*--allow-file-access/);
    expect(() => checkFilePath(policy, join(root, '..', 'x'), 'Upload')).toThrow(/outside/);
    expect(() => checkFilePath(policy, join(root, 'sub', 'escape', 'passwd'), 'Upload')).toThrow(/outside/);
    expect(checkFilePath({ ...policy, allowAnywhere: true }, '/etc/passwd', 'Upload')).toBe('/etc/passwd');
  });

  it('accepts only local Host headers unless --allowed-hosts says otherwise', () => {
    expect(hostAllowed('localhost:8931', [])).toBe(true);
    expect(hostAllowed('127.0.0.1:8931', [])).toBe(true);
    expect(hostAllowed('[::1]:8931', [])).toBe(true);
    expect(hostAllowed('attacker.example:8931', [])).toBe(false);
    expect(hostAllowed('127.0.0.1.attacker.example', [])).toBe(false);
    expect(hostAllowed(undefined, [])).toBe(false);
    expect(hostAllowed('box.lan:8931', ['box.lan'])).toBe(true);
    expect(hostAllowed('anything', ['*'])).toBe(true);
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
      expect(['core', 'vision', 'pdf']).toContain(tool.group);
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
    expect(bad.content[0]).toMatchObject({ text: expect.stringMatching(/"time": expected number/) });
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
