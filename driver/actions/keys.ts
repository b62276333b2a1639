// Key names and chords as agents write them ("Ctrl+Shift+a", "Esc", "cmd+k") mapped onto
// Playwright's names, and a chord press that always releases its modifiers.
import type { Keyboard } from 'playwright';
import { ArgumentError } from '../errors.js';

const ALIASES: Record<string, string> = {
  ctrl: 'Control', control: 'Control', cmd: 'Meta', command: 'Meta', meta: 'Meta', win: 'Meta', super: 'Meta',
  option: 'Alt', opt: 'Alt', alt: 'Alt', shift: 'Shift', controlormeta: 'ControlOrMeta', mod: 'ControlOrMeta',
  esc: 'Escape', escape: 'Escape', return: 'Enter', enter: 'Enter', del: 'Delete', delete: 'Delete',
  ins: 'Insert', space: ' ', spacebar: ' ', tab: 'Tab', backspace: 'Backspace', home: 'Home', end: 'End',
  up: 'ArrowUp', down: 'ArrowDown', left: 'ArrowLeft', right: 'ArrowRight',
  arrowup: 'ArrowUp', arrowdown: 'ArrowDown', arrowleft: 'ArrowLeft', arrowright: 'ArrowRight',
  pageup: 'PageUp', pagedown: 'PageDown', pgup: 'PageUp', pgdn: 'PageDown', plus: '+',
};

/** Playwright's modifier keys: held during a click, pressed first in a chord. */
export const MODIFIER_KEYS = ['Alt', 'Control', 'ControlOrMeta', 'Meta', 'Shift'] as const;
export type Modifier = typeof MODIFIER_KEYS[number];
const MODIFIERS = new Set<string>(MODIFIER_KEYS);

export class KeyError extends ArgumentError {
  constructor(message: string) {
    super(message, 'key');
    this.name = 'KeyError';
  }
}

function normalizeKey(token: string): string {
  if (token.length === 1) return token;
  const alias = ALIASES[token.toLowerCase()];
  if (alias) return alias;
  if (/^f\d{1,2}$/i.test(token)) return token.toUpperCase();
  return token;
}

/** 'Control+Shift+A' -> ['Control', 'Shift', 'A']; a literal '+' is written 'Control++' or 'Plus'. */
export function parseChord(chord: string): string[] {
  if (!chord) throw new KeyError('No key given: pass a key name such as Enter, Escape, ArrowDown, a, or a chord like Control+Shift+A.');
  const tokens: string[] = [];
  let current = '';
  for (let i = 0; i < chord.length; i++) {
    const ch = chord[i]!;
    if (ch === '+' && current) { tokens.push(current); current = ''; continue; }
    current += ch;
  }
  if (current) tokens.push(current);
  return tokens.map(token => normalizeKey(token.trim() || token));
}

function unknownKey(key: string, chord: string): KeyError {
  return new KeyError(`Unknown key ${JSON.stringify(key)} in ${JSON.stringify(chord)}. Use key names such as Enter, Tab, Escape, Backspace, ArrowDown, PageDown, Home, F2, a or A, and join modifiers with + (Control+Shift+A, Meta+K). No key stayed pressed.`);
}

/**
 * Press a key or chord: modifiers go down in order, the last key is pressed, and every modifier
 * that went down is released in reverse order, also when a key name is invalid or the page fails.
 */
export async function pressChord(keyboard: Keyboard, chord: string): Promise<void> {
  const keys = parseChord(chord);
  const held: string[] = [];
  try {
    for (const key of keys.slice(0, -1)) {
      if (!MODIFIERS.has(key)) throw unknownKeyInChord(key, chord);
      await keyboard.down(key);
      held.push(key);
    }
    await keyboard.press(keys[keys.length - 1]!);
  } catch (error) {
    if (error instanceof KeyError) throw error;
    const key = unknownKeyOf(error);
    if (key !== undefined) throw unknownKey(key, chord);
    throw error;
  } finally {
    for (const key of held.reverse()) await keyboard.up(key).catch(() => {});
  }
}

/** The key Playwright's `Unknown key: "X"` error names; undefined for any other error. */
function unknownKeyOf(error: unknown): string | undefined {
  return /Unknown key: "([^"]*)"/.exec(error instanceof Error ? error.message : String(error))?.[1];
}

/** Holds a key down or releases it (it stays held across calls); a KeyError for a name Playwright does not know. */
export async function holdKey(keyboard: Keyboard, key: string, direction: 'down' | 'up'): Promise<void> {
  try {
    await (direction === 'down' ? keyboard.down(key) : keyboard.up(key));
  } catch (error) {
    if (unknownKeyOf(error) === undefined) throw error;
    throw new KeyError(`Unknown key ${JSON.stringify(key)}. Use a key name such as Shift, Control, Enter, ArrowLeft or F5, or one character such as a.`);
  }
}

function unknownKeyInChord(key: string, chord: string): KeyError {
  return new KeyError(`${JSON.stringify(key)} in ${JSON.stringify(chord)} is not a modifier: only the last key of a chord may be a normal key (Control+Shift+A). Modifiers are Alt, Control, ControlOrMeta, Meta and Shift. No key stayed pressed.`);
}
