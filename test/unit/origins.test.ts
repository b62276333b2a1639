// Origin list entries as Playwright MCP users write them.
import { describe, expect, it } from 'vitest';
import { originVerdict } from '../../driver/browser/origins.js';

describe('origin lists', () => {
  it('takes a scheme and host on any port ("http://localhost:*")', () => {
    const policy = { allowed: ['http://localhost:*', 'https://example.com'], blocked: [] };
    expect(originVerdict(policy, 'http://localhost:3000/a')).toBeUndefined();
    expect(originVerdict(policy, 'http://localhost/a')).toBeUndefined();
    expect(originVerdict(policy, 'http://localhost:8931/')).toBeUndefined();
    expect(originVerdict(policy, 'https://localhost:3000/')).toMatch(/not in --allowed-origins/);
    expect(originVerdict(policy, 'http://localhost.evil.com:3000/')).toMatch(/not in --allowed-origins/);
    expect(originVerdict(policy, 'https://example.com/x')).toBeUndefined();
    expect(originVerdict(policy, 'https://example.com:8443/x')).toMatch(/not in --allowed-origins/);
  });

  it('blocks a scheme and host on any port', () => {
    const policy = { allowed: [], blocked: ['http://127.0.0.1:*'] };
    expect(originVerdict(policy, 'http://127.0.0.1:9222/json')).toMatch(/blocked/);
    expect(originVerdict(policy, 'http://127.0.0.2:9222/json')).toBeUndefined();
  });
});
