// WebMCP: tools a page offers agents through `navigator.modelContext` (registerTool,
// unregisterTool, provideContext, clearContext). Chromium does not ship the API yet, so an init
// script installs a small implementation before the page's scripts run (unless the page's
// browser or the page itself provides one), and the driver reads and calls the tools through
// the same surface Playwright MCP uses: `getTools()` and `executeTool(tool, args)`.
// The page owns these tools: their names, schemas and outputs are page data, never trusted.
import type { BrowserContext, Frame, Page } from 'playwright';
import { callInFrame } from './cdp-evaluate.js';

/**
 * Runs in the page before its scripts. Built-ins are captured now, so a page that patches Map
 * or JSON later cannot break it; it never throws into the page, and steps aside for a native
 * or page-provided `modelContext` (the property stays configurable so a page polyfill may
 * replace it).
 */
function installModelContext(): void {
  try {
    const nav = globalThis.navigator as unknown as Record<string, unknown> | undefined;
    if (!nav || 'modelContext' in nav) return;
    const apply = Reflect.apply;
    const defineProperty = Object.defineProperty;
    const freeze = Object.freeze;
    const stringify = JSON.stringify;
    const parse = JSON.parse;
    const mapGet = Map.prototype.get, mapSet = Map.prototype.set, mapDelete = Map.prototype.delete, mapValues = Map.prototype.values;
    const iteratorNext = Object.getPrototypeOf(new Map().values()).next;
    const PromiseCtor = Promise;
    type Entry = { name: string; title?: string; description: string; inputSchema?: unknown; annotations?: unknown; execute: (...args: unknown[]) => unknown; fromContext: boolean };
    const tools = new Map<string, Entry>();
    const all = (): Entry[] => {
      const out: Entry[] = [];
      const it = apply(mapValues, tools, []) as Iterator<Entry>;
      for (let step = apply(iteratorNext, it, []) as IteratorResult<Entry>; !step.done; step = apply(iteratorNext, it, []) as IteratorResult<Entry>) out[out.length] = step.value;
      return out;
    };
    const clone = (value: unknown): unknown => {
      if (value === undefined || typeof value === 'string') return value;
      try { return parse(stringify(value)); } catch { return undefined; }
    };
    const add = (tool: Record<string, unknown>, fromContext: boolean) => {
      if (!tool || typeof tool !== 'object') throw new TypeError('registerTool: a tool object is required');
      const name = tool.name, execute = tool.execute;
      if (typeof name !== 'string' || !name) throw new TypeError('registerTool: the tool needs a non-empty name');
      if (typeof execute !== 'function') throw new TypeError(`registerTool: tool "${name}" needs an execute function`);
      if (apply(mapGet, tools, [name])) throw new Error(`registerTool: a tool named "${name}" is already registered`);
      const description = typeof tool.description === 'string' ? tool.description : '';
      const title = typeof tool.title === 'string' ? tool.title : undefined;
      apply(mapSet, tools, [name, { name, title, description, inputSchema: clone(tool.inputSchema), annotations: clone(tool.annotations), execute: execute as Entry['execute'], fromContext }]);
    };
    const modelContext = freeze({
      registerTool(tool: Record<string, unknown>) {
        add(tool, false);
        const name = tool.name as string;
        return freeze({ unregister: () => { apply(mapDelete, tools, [name]); } });
      },
      unregisterTool(name: string) { apply(mapDelete, tools, [String(name)]); },
      provideContext(context?: { tools?: Array<Record<string, unknown>> }) {
        for (const entry of all()) if (entry.fromContext) apply(mapDelete, tools, [entry.name]);
        const list = context && context.tools;
        if (list) for (let i = 0; i < list.length; i++) add(list[i]!, true);
      },
      clearContext() { for (const entry of all()) apply(mapDelete, tools, [entry.name]); },
      getTools() {
        return all().map(e => freeze({ name: e.name, title: e.title, description: e.description, inputSchema: clone(e.inputSchema), annotations: clone(e.annotations) }));
      },
      executeTool(tool: string | { name?: unknown }, input?: unknown) {
        const name = typeof tool === 'string' ? tool : String(tool && tool.name);
        const entry = apply(mapGet, tools, [name]) as Entry | undefined;
        if (!entry) return PromiseCtor.reject(new Error(`WebMCP tool "${name}" is not registered`));
        const args = typeof input === 'string' ? parse(input) : input ?? {};
        const client = freeze({ requestUserInteraction: (callback: () => unknown) => PromiseCtor.resolve().then(callback) });
        return PromiseCtor.resolve().then(() => entry.execute(args, client));
      },
    });
    defineProperty(nav, 'modelContext', { value: modelContext, configurable: true, enumerable: false, writable: false });
  } catch {
    // A page that froze navigator (or worse) simply gets no WebMCP.
  }
}

/** The init script's source. */
export function webmcpInitScript(): string {
  return `(${installModelContext.toString()})();`;
}

const installed = new WeakSet<BrowserContext>();

/** Collects WebMCP tools in every later document of `context` (call before opening pages). */
export async function installWebMCP(context: BrowserContext): Promise<void> {
  if (installed.has(context)) return;
  installed.add(context);
  try {
    await context.addInitScript({ content: webmcpInitScript() });
  } catch (error) {
    installed.delete(context);
    throw error;
  }
}

export interface WebMCPAnnotations { readOnly?: boolean; untrustedContent?: boolean; consequential?: boolean }

export interface WebMCPTool {
  name: string;
  title?: string;
  description: string;
  inputSchema?: unknown;
  annotations?: WebMCPAnnotations;
  /** The frame's URL, with its index when several frames share it. */
  frameLabel: string;
  frame: Frame;
  /** Registered by the page's main frame. */
  main: boolean;
}

/** Per-frame time to answer; a frame that does not is listed without tools. */
const FRAME_WITHIN_MS = 5_000;

/** Runs in the page (main world): the tools as JSON text, null when the frame has no WebMCP. */
function collectInPage(_: null): Promise<string | null> | null {
  const scope = document as unknown as { modelContext?: any };
  const modelContext = scope.modelContext ?? (navigator as unknown as { modelContext?: any }).modelContext;
  if (!modelContext || typeof modelContext.getTools !== 'function') return null;
  return Promise.resolve(modelContext.getTools()).then((tools: any[]) => JSON.stringify(Array.from(tools ?? [])
    .filter(t => t && (!('window' in t) || t.window === window))
    .map(t => {
      let inputSchema = t.inputSchema;
      if (typeof inputSchema === 'string') { try { inputSchema = JSON.parse(inputSchema); } catch { inputSchema = undefined; } }
      const a = t.annotations;
      return {
        name: String(t.name), title: t.title ? String(t.title) : undefined, description: String(t.description ?? ''), inputSchema,
        annotations: a ? { readOnly: a.readOnlyHint ?? a.readOnly, untrustedContent: a.untrustedContentHint ?? a.untrustedContent, consequential: a.consequentialHint ?? a.consequential } : undefined,
      };
    })));
}

/** Every frame's WebMCP tools, main frame first. A frame that is busy or broken contributes none. */
export async function listWebMCPTools(page: Page, timeoutMs = FRAME_WITHIN_MS): Promise<WebMCPTool[]> {
  const frames = page.frames().filter(f => !f.isDetached());
  const urls = new Map<string, number>();
  for (const frame of frames) urls.set(frame.url(), (urls.get(frame.url()) ?? 0) + 1);
  const perFrame = await Promise.all(frames.map(async (frame, index) => {
    const label = urls.get(frame.url())! > 1 ? `${frame.url()} (frame ${index})` : frame.url();
    // Through the protocol (callInFrame): a page that patched built-ins cannot break the call.
    const json = await callInFrame(frame, collectInPage, null, { timeoutMs, what: 'Listing WebMCP tools', awaitPromise: true }).catch(() => null);
    let parsed: Array<Omit<WebMCPTool, 'frame' | 'frameLabel' | 'main'>> = [];
    try { parsed = json ? JSON.parse(json) : []; } catch { parsed = []; }
    return parsed.map(tool => {
      const annotations = tool.annotations && Object.values(tool.annotations).some(v => v !== undefined && v !== null) ? tool.annotations : undefined;
      return { ...tool, annotations, frame, frameLabel: label, main: frame === page.mainFrame() };
    });
  }));
  return perFrame.flat();
}

export interface WebMCPCallResult {
  /** The output as the page returned it: text, or pretty-printed JSON. */
  output: string;
  /** The output declared itself an error (`{ isError: true, ... }`, the MCP result shape). */
  isError: boolean;
}

/** Runs in the page: calls the tool, its result as text. */
function callInPage(params: { name: string; input: unknown }): Promise<string> {
  const scope = document as unknown as { modelContext?: any };
  const modelContext = scope.modelContext ?? (navigator as unknown as { modelContext?: any }).modelContext;
  if (!modelContext) return Promise.reject(new Error('WebMCP is not available in this frame'));
  const asText = (result: unknown) => {
    if (typeof result === 'string') return result;
    if (result === undefined) return 'null';
    try { return JSON.stringify(result); } catch { return String(result); }
  };
  const input = params.input;
  if (typeof modelContext.executeTool === 'function') {
    return Promise.resolve(modelContext.getTools()).then((tools: any[]) => {
      const tool = Array.from(tools ?? []).find(t => t && t.name === params.name && (!('window' in t) || t.window === window));
      if (!tool) throw new Error(`WebMCP tool "${params.name}" is not registered in this frame`);
      return modelContext.executeTool(tool, input);
    }).then(asText);
  }
  return Promise.resolve(modelContext.invokeTool(params.name, input)).then(asText);
}

/** Calls a tool the page registered in `frame`; rejects with the tool's own error, or after `timeoutMs`. */
export async function callWebMCPTool(frame: Frame, name: string, params: Record<string, unknown> | undefined, timeoutMs: number): Promise<WebMCPCallResult> {
  const text = await callInFrame(frame, callInPage, { name, input: params ?? {} }, { timeoutMs, what: `WebMCP tool "${name}"`, awaitPromise: true });
  try {
    const parsed = JSON.parse(text);
    return { output: JSON.stringify(parsed, null, 2), isError: !!parsed && typeof parsed === 'object' && parsed.isError === true };
  } catch {
    return { output: text, isError: false };
  }
}
