// --help written from the tool declarations, and the skill: neither needs a daemon.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allTools, inputJsonSchema } from '../../driver/tools/index.js';
import { COMMAND_NAMES } from '../../driver/cli/command-names.js';
import { COMMANDS } from '../../driver/cli/daemon/commands.js';
import { shell } from './helpers.js';

const sh = shell();
const newShell = () => sh;

afterAll(async () => {
  await sh.cleanup();
});

describe('help and skill', () => {
  it('writes --help from the tool declarations', { timeout: 60_000 }, async () => {
    const sh = newShell();
    const help = await sh.run('--help');
    expect(help.code).toBe(0);
    for (const command of COMMANDS) expect(help.stdout).toContain(`  ${command.name}`);
    const byCommand = new Set(COMMANDS.map(c => c.tool));
    for (const tool of allTools.filter(t => !byCommand.has(t.name))) expect(help.stdout).toMatch(new RegExp(`\\b(${tool.name}|${tool.name.replace(/^browser_/, '')})\\b`));
    const click = await sh.run('click', '--help');
    for (const name of Object.keys((inputJsonSchema(allTools.find(t => t.name === 'browser_click')!) as any).properties)) expect(click.stdout).toContain(`--${name}`);
    expect(click.stdout).toContain('--double ');
    const tool = await sh.run('cookie_set', '--help');
    expect(tool.stdout).toMatch(/--name <string>.*\(required\)/);
    expect(existsSync(join(sh.dir, 'state.json'))).toBe(false);
  });

  it('knows the same command names on both sides of the socket', () => {
    expect([...COMMAND_NAMES].sort()).toEqual(COMMANDS.map(c => c.name).sort());
  });

  it('prints the skill and installs it where agents look', { timeout: 30_000 }, async () => {
    const sh = newShell();
    const printed = await sh.run('skill');
    expect(printed.stdout).toMatch(/^---\nname: ariaref\ndescription: /);
    const installed = await sh.run('skill', '--install');
    expect(installed.code).toBe(0);
    const file = join(sh.cwd, '.claude', 'skills', 'ariaref', 'SKILL.md');
    expect(readFileSync(file, 'utf8')).toBe(printed.stdout);
    const elsewhere = await sh.run('skill', '--install', 'custom');
    expect(readFileSync(join(sh.cwd, 'custom', 'SKILL.md'), 'utf8')).toBe(printed.stdout);
    expect(elsewhere.stdout).toContain('custom/SKILL.md');
  });
});
