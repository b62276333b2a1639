// Issue 24, the rules without a browser: every number of every tool bounded with the bound in
// its error, quoted inputs clipped with their length, URLs judged after unwrapping, and the
// library's typed ArgumentError for arguments out of its bounds.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allTools, inputJsonSchema } from '../../driver/tools/index.js';
import { clipAnswerText, clipQuotedInputs, QUOTE_CHARS } from '../../driver/tools/input-policy.js';
import { ArgumentError, checkRange, checkUrl, click, KeyError, parseChord, runPlaywrightCode, scrollBy, unwrapUrl, UrlRefusedError } from '../../driver/index.js';
import { cookieToAdd } from '../../driver/storage/cookies.js';
import { numberProperties, type JsonSchema } from '../mcp/fuzz-cases.js';

describe('bounds in the schemas', () => {
  it('every number of every tool has a lower and an upper bound (a value to fill is data, not a count)', () => {
    const unbounded: string[] = [];
    for (const tool of allTools) {
      for (const number of numberProperties(inputJsonSchema(tool) as JsonSchema)) {
        if (number.path.endsWith('].value')) continue;
        const { minimum, exclusiveMinimum, maximum, exclusiveMaximum } = number.schema;
        if ((minimum ?? exclusiveMinimum) === undefined || (maximum ?? exclusiveMaximum) === undefined) unbounded.push(`${tool.name}.${number.path}`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('an out-of-bounds number is refused with the bound and the value given', () => {
    const click = allTools.find(t => t.name === 'browser_mouse_click_xy')!;
    const parsed = z.strictObject(click.params).safeParse({ x: 5, y: 5, clickCount: 1e9 });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe('clickCount must be between 1 and 10, not 1000000000.');
    const half = z.strictObject(click.params).safeParse({ x: 5, y: 5, clickCount: 1.5 });
    expect(half.error!.issues[0]!.message).toBe('clickCount must be a whole number between 1 and 10, not 1.5.');
  });
});

describe('quoted inputs', () => {
  const huge = 'x'.repeat(1024 * 1024);

  it('an error quotes at most QUOTE_CHARS of an input, with its length', () => {
    const text = clipAnswerText(`### Error\nRef ${huge} not found.\n\n### Page\n- Page URL: about:blank`, { target: huge });
    expect(text.length).toBeLessThan(600);
    expect(text).toContain(`Ref ${'x'.repeat(QUOTE_CHARS)}… (an input of 1,048,576 characters) not found.`);
    expect(text).toContain('### Page');
  });

  it('results, diffs and code keep ordinary inputs whole and cut long ones, escaped spellings too', () => {
    const fn = `() => "${'y'.repeat(500)}"`;
    expect(clipAnswerText(`### Ran Playwright code\nawait page.evaluate('${fn}');`, { function: fn })).toContain(fn);
    const text = 'line "one"\n'.repeat(200);
    const answer = clipAnswerText(`### Result\nTyped ${JSON.stringify(text)} key by key.\n\n- textbox: ${text}`, { text });
    expect(answer.length).toBeLessThan(1000);
    expect(answer.match(/an input of 2,200 characters/g)).toHaveLength(2);
  });

  it('a long property name is an input too, and a cut part of one still counts', () => {
    const out = clipQuotedInputs(`Unrecognized key: "${huge.slice(0, 4000)}…"`, { [huge]: 1 }, QUOTE_CHARS);
    expect(out).toContain('(part of an input of 1,048,576 characters)');
    expect(out.length).toBeLessThan(400);
  });
});

describe('URLs after unwrapping', () => {
  const policy = { allowed: [], blocked: [] };

  it('unwraps view-source:, blob: and filesystem:, as the browser parses them', () => {
    expect(unwrapUrl(' VIEW-SOURCE:view-source:FILE:///etc/passwd')).toBe('file:///etc/passwd');
    expect(unwrapUrl('view-so\nurce:file:///etc/passwd')).toBe('file:///etc/passwd');
    expect(unwrapUrl('blob:https://a.example/uuid')).toBe('https://a.example/uuid');
    expect(unwrapUrl('filesystem:file:///temporary/x')).toBe('file:///temporary/x');
  });

  it('refuses a wrapped file: URL like file: itself, and names what it loads', () => {
    for (const url of ['view-source:file:///etc/passwd', 'blob:file:///0000', 'filesystem:file:///temporary/passwd', 'FILE:/etc/passwd']) {
      let error: unknown;
      try { checkUrl(policy, url); } catch (e) { error = e; }
      expect(error, url).toBeInstanceOf(UrlRefusedError);
      expect(error).toBeInstanceOf(ArgumentError);
      expect((error as UrlRefusedError).reason).toBe('file');
      expect((error as Error).message).toContain('Access to "file:" protocol is blocked');
    }
    expect(() => checkUrl({ ...policy, allowFileAccess: true }, 'view-source:file:///etc/passwd')).not.toThrow();
  });

  it('applies the origin lists to the wrapped URL', () => {
    expect(() => checkUrl({ allowed: [], blocked: ['blocked.example'] }, 'view-source:https://blocked.example/')).toThrow(/blocked by --blocked-origins/);
    expect(() => checkUrl({ allowed: ['ok.example'], blocked: [] }, 'blob:https://other.example/uuid')).toThrow(/not in --allowed-origins/);
    expect(() => checkUrl({ allowed: ['ok.example'], blocked: [] }, 'view-source:https://ok.example/')).not.toThrow();
  });

  it('refuses a host name longer than DNS allows, quoting little of it', () => {
    const url = `https://${'x'.repeat(1024 * 1024)}.com/`;
    expect(() => checkUrl(policy, url)).toThrow(/is 1048580 characters long; a DNS name has at most 253/);
    try { checkUrl(policy, url); } catch (error) { expect((error as Error).message.length).toBeLessThan(400); }
  });
});

describe('the library\'s typed errors', () => {
  const target = { page: {} as never, resolve: async () => { throw new Error('not reached: the arguments are checked first'); } };

  it('checkRange names the argument and its bound', () => {
    expect(() => checkRange('delay', -1, 0, 100, { unit: 'ms' })).toThrow('delay must be between 0 and 100 ms, not -1.');
    expect(() => checkRange('count', 1.5, 1, 9, { whole: true })).toThrow('count must be a whole number between 1 and 9, not 1.5.');
    expect(() => checkRange('count', undefined, 1, 9)).not.toThrow();
  });

  it('click, scrollBy and runPlaywrightCode refuse out-of-bounds numbers before touching the page', async () => {
    await expect(click(target, 'e1', { clickCount: 1e9 })).rejects.toThrow(ArgumentError);
    await expect(click(target, 'e1', { clickCount: 1e9 })).rejects.toThrow('clickCount must be a whole number between 1 and 10, not 1000000000.');
    await expect(scrollBy(target, 0, Number.POSITIVE_INFINITY)).rejects.toMatchObject({ name: 'ArgumentError', argument: 'deltaY' });
    await expect(runPlaywrightCode({} as never, 'async () => 1', { timeoutMs: -5 })).rejects.toMatchObject({ argument: 'timeoutMs' });
  });

  it('unknown keys and oversized cookies are argument errors too', () => {
    expect(() => parseChord('')).toThrow(KeyError);
    expect(() => parseChord('')).toThrow(ArgumentError);
    expect(() => cookieToAdd({ name: 'big', value: 'v'.repeat(5000) }, 'https://a.example/')).toThrow(/browsers keep at most 4096/);
  });
});
