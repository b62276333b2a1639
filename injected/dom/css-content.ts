// The text a computed CSS `content` value contributes to names and snapshot text (CSS Generated
// Content 3: strings and attr() are text; images, counters and quotes are not read).

/** Resolves a computed `content` value to text: strings and attr() are kept, images/counters/quotes dropped. */
export function cssContentText(content: string | undefined, element: Element): string {
  if (!content || content === 'none' || content === 'normal') return '';
  const tokens = tokenizeContent(content);
  const slash = tokens.findIndex(token => token.kind === 'slash');
  const used = slash >= 0 ? tokens.slice(slash + 1) : tokens;
  let text = '';
  for (const token of used) {
    if (token.kind === 'string') text += token.value;
    else if (token.kind === 'attr') text += element.getAttribute(token.value) ?? '';
  }
  // Icon fonts draw their glyphs from Private Use Area code points (`content: "\e900"`): no reader
  // can say them, and a name made of one hides the title that names the icon button (accname 2I).
  return privateUseOnly.test(text) ? '' : text;
}

/** Text made only of Private Use Area characters (BMP and planes 15-16), at least one, and white space. */
const privateUseOnly = /^\s*(?:(?:[\uE000-\uF8FF]|[\uDB80-\uDBFF][\uDC00-\uDFFF])\s*)+$/;

type ContentToken = { kind: 'string' | 'attr' | 'other' | 'slash'; value: string };

function tokenizeContent(content: string): ContentToken[] {
  const tokens: ContentToken[] = [];
  let i = 0;
  while (i < content.length) {
    const ch = content[i];
    if (ch === '"' || ch === '\'') {
      const [value, next] = readCssString(content, i);
      tokens.push({ kind: 'string', value });
      i = next;
    } else if (ch === '/') {
      tokens.push({ kind: 'slash', value: '/' });
      i++;
    } else if (/\s/.test(ch)) {
      i++;
    } else {
      const match = /^([-\w]+)(\(([^)]*)\))?/.exec(content.slice(i));
      if (!match) { i++; continue; }
      if (match[1] === 'attr' && match[3] !== undefined)
        tokens.push({ kind: 'attr', value: match[3].trim().split(/\s+/)[0] });
      else tokens.push({ kind: 'other', value: match[0] });
      i += match[0].length;
    }
  }
  return tokens;
}

/** Reads a quoted CSS string starting at `start`; returns its value and the index after the closing quote. */
function readCssString(text: string, start: number): [string, number] {
  const quote = text[start];
  let value = '';
  let i = start + 1;
  while (i < text.length && text[i] !== quote) {
    if (text[i] === '\\') {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(text.slice(i + 1));
      if (hex) {
        const code = parseInt(hex[0], 16);
        value += code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "\uFFFD";
        i += 1 + hex[0].length;
      } else {
        value += text[i + 1] ?? '';
        i += 2;
      }
      continue;
    }
    value += text[i++];
  }
  return [value, i + 1];
}
