// Cases for the input fuzz test (issue 24), derived from each tool's own JSON schema as the
// server lists it: a valid baseline, each required property missing, a wrong type for each
// property, an unknown property, empty, control-character and (sampled) 1 MB strings, negative,
// zero, fractional and huge numbers, values outside an enum. Whether a case must be refused is
// decided by checking it against that same schema (`violates`), so the oracle is what the server
// promises, not what it happens to do.

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

export interface FuzzCase {
  tool: string;
  /** What the case tries, for the violation list: `browser_click: target missing`. */
  label: string;
  args: Record<string, unknown>;
  /** 'error': the input is wrong and must be refused; 'any': it may succeed or fail, but cleanly. */
  expect: 'error' | 'any';
}

/** Characters a terminal, a log or a page may choke on: NUL, bell, an escape sequence, CR/LF, a line separator, a lone surrogate. */
export const CONTROL_STRING = 'a\u0000b\u0007\u001b[2J\r\n\u2028\ud800z';

/** Why `value` does not satisfy `schema`, or undefined when it does. A subset of JSON Schema: what zod's toJSONSchema emits. */
export function violates(schema: JsonSchema, value: unknown, path = 'arguments'): string | undefined {
  if (schema.anyOf) {
    const reasons = schema.anyOf.map(option => violates(option, value, path));
    return reasons.every(Boolean) ? reasons[0] : undefined;
  }
  if (schema.enum && !schema.enum.some(option => option === value)) return `${path} is not one of ${JSON.stringify(schema.enum)}`;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length && !types.some(type => isType(type, value))) return `${path} is not ${types.join(' or ')}`;
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) return `${path} < ${schema.minimum}`;
    if (schema.maximum !== undefined && value > schema.maximum) return `${path} > ${schema.maximum}`;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return `${path} <= ${schema.exclusiveMinimum}`;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return `${path} >= ${schema.exclusiveMaximum}`;
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) return `${path} shorter than ${schema.minLength}`;
    if (schema.maxLength !== undefined && length > schema.maxLength) return `${path} longer than ${schema.maxLength}`;
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) return `${path} has fewer than ${schema.minItems} items`;
    if (schema.maxItems !== undefined && value.length > schema.maxItems) return `${path} has more than ${schema.maxItems} items`;
    if (schema.items) for (const [i, item] of value.entries()) {
      const reason = violates(schema.items, item, `${path}[${i}]`);
      if (reason) return reason;
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const name of schema.required ?? []) if (!(name in record)) return `${path}.${name} is missing`;
    for (const [name, item] of Object.entries(record)) {
      const property = schema.properties?.[name];
      if (property) {
        const reason = violates(property, item, `${path}.${name}`);
        if (reason) return reason;
        continue;
      }
      if (schema.additionalProperties === false) return `${path}.${name} is not a known property`;
      if (schema.propertyNames) {
        const reason = violates(schema.propertyNames, name, `${path} key ${name}`);
        if (reason) return reason;
      }
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        const reason = violates(schema.additionalProperties, item, `${path}.${name}`);
        if (reason) return reason;
      }
    }
  }
  return undefined;
}

function isType(type: string, value: unknown): boolean {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'integer': return Number.isInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'array': return Array.isArray(value);
    case 'object': return !!value && typeof value === 'object' && !Array.isArray(value);
    case 'null': return value === null;
    default: return false;
  }
}

/** A value the schema accepts, as small and quick to act on as possible (a number at its minimum, the first enum value). */
export function sampleValue(schema: JsonSchema): unknown {
  if (schema.anyOf) return sampleValue(schema.anyOf.find(option => option.type !== 'null') ?? schema.anyOf[0]!);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'integer':
    case 'number': {
      if (schema.minimum !== undefined) return schema.minimum;
      if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + 1;
      return schema.maximum !== undefined && schema.maximum < 0 ? schema.maximum : 0;
    }
    case 'boolean': return false;
    case 'array': return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items ?? { type: 'string' }));
    case 'object': return requiredSample(schema);
    default: return 'x';
  }
}

function requiredSample(schema: JsonSchema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of schema.required ?? []) out[name] = sampleValue(schema.properties?.[name] ?? {});
  return out;
}

/**
 * The baseline a tool's cases mutate: its required properties, plus its optional numbers at
 * their minimum (a timeout or a wait left at its default could take minutes), then `overrides`.
 */
export function baseline(schema: JsonSchema, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const out = requiredSample(schema);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const type = Array.isArray(property.type) ? property.type[0] : property.type;
    if (!(name in out) && (type === 'number' || type === 'integer')) out[name] = sampleValue(property);
  }
  return { ...out, ...overrides };
}

/** A value of another JSON type than the schema wants (so it is wrong whatever the bounds). */
function wrongTypes(schema: JsonSchema): unknown[] {
  const candidates: unknown[] = [12345, 'text', true, ['x'], { x: 1 }, null];
  return candidates.filter(value => violates(schema, value) !== undefined).slice(0, 2);
}

/** Strings, numbers and arrays at and past their edges. */
function edgeValues(schema: JsonSchema): Array<{ what: string; value: unknown }> {
  const options = schema.anyOf ?? [schema];
  const out: Array<{ what: string; value: unknown }> = [];
  for (const option of options) {
    const type = Array.isArray(option.type) ? option.type[0] : option.type;
    if (option.enum) out.push({ what: 'a value outside the enum', value: 'not-an-option' });
    else if (type === 'string') out.push({ what: 'an empty string', value: '' }, { what: 'control characters', value: CONTROL_STRING });
    else if (type === 'number' || type === 'integer')
      out.push({ what: '-1', value: -1 }, { what: '0', value: 0 }, { what: '1e9', value: 1e9 }, { what: '-1e12', value: -1e12 }, { what: '0.5', value: 0.5 });
    else if (type === 'array') out.push({ what: 'an empty array', value: [] });
  }
  return out;
}

/**
 * Properties whose value names something that must exist (an element, a URL, code to run): an
 * empty or control-character one is wrong even where the schema allows it. A tool may name
 * others (a key name) or none (a URL that is only a filter).
 */
const NAMING = ['target', 'startTarget', 'endTarget', 'url', 'function', 'code'];

function labelFor(schema: JsonSchema, args: Record<string, unknown>, naming: boolean): 'error' | 'any' {
  return naming || violates(schema, args) ? 'error' : 'any';
}

export interface ToolCaseOptions {
  /** Replaces parts of the baseline (a real URL instead of "x"). */
  baseline?: Record<string, unknown>;
  /** Properties to also try with a 1 MB string. */
  huge?: string[];
  /** Skip the valid baseline call (a tool whose baseline would end the session's work, e.g. waiting for a user). */
  skipBaseline?: boolean;
  /** Its naming properties, instead of NAMING. */
  naming?: string[];
}

export const MEGABYTE_STRING = 'x'.repeat(1024 * 1024);

/** Every schema-derived case of one tool. */
export function schemaCases(tool: string, schema: JsonSchema, options: ToolCaseOptions = {}): FuzzCase[] {
  const base = baseline(schema, options.baseline);
  const naming = new Set(options.naming ?? NAMING);
  const cases: FuzzCase[] = [];
  const add = (label: string, args: Record<string, unknown>, naming = false) =>
    cases.push({ tool, label: `${tool}: ${label}`, args, expect: labelFor(schema, args, naming) });
  if (!options.skipBaseline) add('valid baseline', base);
  add('an unknown property', { ...base, fuzzUnknownProperty: 1 });
  for (const name of schema.required ?? []) {
    const { [name]: _dropped, ...rest } = base;
    add(`${name} missing`, rest);
  }
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    for (const value of wrongTypes(property)) add(`${name} as ${JSON.stringify(value)}`, { ...base, [name]: value });
    for (const edge of edgeValues(property)) {
      add(`${name} ${edge.what}`, { ...base, [name]: edge.value }, naming.has(name) && typeof edge.value === 'string');
    }
    const item = property.items;
    if (item?.type === 'object' && Array.isArray(base[name]) && (base[name] as unknown[]).length) {
      const first = (base[name] as Array<Record<string, unknown>>)[0]!;
      add(`${name}[0] with an unknown property`, { ...base, [name]: [{ ...first, fuzzUnknownProperty: 1 }] });
      for (const required of item.required ?? []) {
        const { [required]: _dropped, ...rest } = first;
        add(`${name}[0].${required} missing`, { ...base, [name]: [rest] });
      }
    }
  }
  for (const name of options.huge ?? []) add(`${name} of 1 MB`, { ...base, [name]: MEGABYTE_STRING }, naming.has(name));
  return cases;
}

/** Every number (and integer) property of a schema, nested ones included, with its path. */
export function numberProperties(schema: JsonSchema, path = ''): Array<{ path: string; schema: JsonSchema }> {
  const out: Array<{ path: string; schema: JsonSchema }> = [];
  for (const option of schema.anyOf ?? [schema]) {
    const type = Array.isArray(option.type) ? option.type[0] : option.type;
    if ((type === 'number' || type === 'integer') && path) out.push({ path, schema: option });
    for (const [name, property] of Object.entries(option.properties ?? {})) out.push(...numberProperties(property, path ? `${path}.${name}` : name));
    if (option.items) out.push(...numberProperties(option.items, `${path}[]`));
  }
  return out;
}

/** Stack frames as V8 and Playwright print them: `    at fn (file:1:2)`, `<anonymous>:370:30`, UtilityScript. */
export function stackFrames(text: string): string[] {
  return text.split('\n').filter(line => /^\s*at\s+\S.*(?:\(|:\d+:\d+)|<anonymous>:\d+|UtilityScript\.|jsHandle\.\w+: undefined/.test(line));
}
