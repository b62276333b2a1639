// Stops a caller's script that would block this process, wherever it loops. Node's vm watchdog (the
// `timeout` option) covers only the synchronous part of a call: after the script's first await its
// code runs as microtasks of this process, where a watchdog cannot reach it, and on Node 20 a vm
// timeout inside a microtask corrupts the async-hooks stack and aborts the process
// (nodejs/node#38503, #43135; Playwright's own AsyncLocalStorage keeps those hooks on). So the
// script is instrumented instead, the way code playgrounds protect their loops: every loop body and
// every function entry calls a tick that throws once the call is past its deadline, or, after the
// call ended, once this process has not turned its event loop for a while (a listener the script
// left on the page, looping). Once a call is abandoned, its loops stop at their next turn (an
// `for (;;) await ...` left running would go on for ever), while its plain functions keep working:
// a dialog listener the script left must not start throwing into Playwright's event dispatch.
// Code that catches the throw inside its own loop meets the next tick on the loop's next turn,
// outside its own try.
import { parse, type Node } from 'acorn';

/** The names of the ticks in the script's context: at a loop body's top, at a function's entry. */
export const LOOP_TICK = '__ariarefLoopTick';
export const CALL_TICK = '__ariarefCallTick';

/** Heartbeat of this process: how long ago its event loop last turned. */
let lastTurn = performance.now();
let heartbeat: NodeJS.Timeout | undefined;
const HEARTBEAT_MS = 100;
/** After its call ended, a script's code may block this process this long before it is stopped. */
const BLOCKED_LIMIT_MS = 2_000;
/**
 * Past the deadline, a call's own code is stopped only after this grace: code that still yields
 * meets the deadline's timer first, and its call ends as abandoned in the usual words.
 */
const DEADLINE_GRACE_MS = 250;

function ensureHeartbeat(): void {
  heartbeat ??= setInterval(() => { lastTurn = performance.now(); }, HEARTBEAT_MS).unref();
}

/** What a tick throws: the script ran past its deadline, or code it left behind blocked this process or outlived its abandoned call. */
export class LoopStopped extends Error {
  constructor(readonly afterCall: boolean) {
    super(afterCall
      ? 'Stopped code left by an earlier run of Playwright code: its run was abandoned, or it kept this process busy without a pause.'
      : 'The code ran past its deadline and was stopped.');
    this.name = 'LoopStopped';
  }
}

export class LoopGuard {
  private state: 'running' | 'finished' | 'abandoned' = 'running';

  constructor(private readonly deadlineAt: number) {
    ensureHeartbeat();
  }

  /** Called at the top of every loop body of the code. */
  readonly loopTick = (): void => {
    if (this.state === 'abandoned') throw new LoopStopped(true);
    this.callTick();
  };

  /** Called at the entry of every function of the code. */
  readonly callTick = (): void => {
    const now = performance.now();
    if (this.state === 'running') {
      if (now > this.deadlineAt + DEADLINE_GRACE_MS) throw new LoopStopped(false);
    } else if (now - lastTurn > BLOCKED_LIMIT_MS) {
      throw new LoopStopped(true);
    }
  };

  /** The call is over: from now on only code that blocks the process is stopped, and an abandoned call's loops. */
  end(how: 'finished' | 'abandoned'): void {
    this.state = how;
  }

  /** The ticks, by the names the instrumented code calls them. */
  globals(): Record<string, () => void> {
    return { [LOOP_TICK]: this.loopTick, [CALL_TICK]: this.callTick };
  }
}

interface Insertion { at: number; text: string; depth: number; closes: boolean }

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/**
 * A tick call that is a no-op where the tick is missing: a function the script passes to
 * page.evaluate is serialized into the page, instrumented, and must run there unchanged.
 */
const tick = (name: string) => `globalThis.${name}?.()`;

type AnyNode = Node & Record<string, unknown>;

const isNode = (value: unknown): value is AnyNode => typeof (value as Node)?.type === 'string' && typeof (value as Node)?.start === 'number';

/**
 * `source` with a tick at the top of every loop body and function body. Source that does not
 * parse comes back as it is: running it reports the syntax error in the usual words.
 */
export function guardLoops(source: string): string {
  let program: Node;
  try {
    program = parse(source, { ecmaVersion: 'latest', sourceType: 'script', allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true });
  } catch {
    return source;
  }
  const insertions: Insertion[] = [];
  const wrap = (body: AnyNode, depth: number, open: string, close: string) => {
    insertions.push({ at: body.start, text: open, depth, closes: false }, { at: body.end, text: close, depth, closes: true });
  };
  const atBlockStart = (block: AnyNode, depth: number, call: string) => {
    const statements = block.body as AnyNode[];
    let at = block.start + 1;
    // A tick before "use strict" would turn the directive into a plain string.
    for (const statement of statements) {
      if (statement.type !== 'ExpressionStatement' || typeof statement.directive !== 'string') break;
      at = statement.end;
    }
    insertions.push({ at, text: call, depth, closes: false });
  };
  // An explicit stack, not recursion: a script nested deep enough would overflow ours otherwise.
  const stack: Array<{ node: AnyNode; depth: number }> = [{ node: program as AnyNode, depth: 0 }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (LOOPS.has(node.type)) {
      const body = node.body as AnyNode;
      if (body.type === 'BlockStatement') atBlockStart(body, depth, `${tick(LOOP_TICK)};`);
      else wrap(body, depth, `{${tick(LOOP_TICK)};`, '}');
    } else if (FUNCTIONS.has(node.type)) {
      const body = node.body as AnyNode;
      if (body.type === 'BlockStatement') atBlockStart(body, depth, `${tick(CALL_TICK)};`);
      else wrap(body, depth, `(${tick(CALL_TICK)}, `, ')');
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) stack.push({ node: item, depth: depth + 1 });
      } else if (isNode(value)) {
        stack.push({ node: value, depth: depth + 1 });
      }
    }
  }
  // At one position, closers of inner nodes come first, then openers of outer nodes.
  insertions.sort((a, b) => a.at - b.at
    || Number(b.closes) - Number(a.closes)
    || (a.closes ? b.depth - a.depth : a.depth - b.depth));
  let out = '';
  let from = 0;
  for (const insertion of insertions) {
    out += source.slice(from, insertion.at) + insertion.text;
    from = insertion.at;
  }
  return out + source.slice(from);
}
