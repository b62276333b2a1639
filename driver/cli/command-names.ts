// The shell commands' names, for the client to tell a command from a typo without loading the
// tool layer (daemon/commands.ts declares them; a test keeps the two lists equal).
export const COMMAND_NAMES = [
  'open', 'snapshot', 'click', 'type', 'fill', 'select', 'check', 'uncheck', 'hover', 'press', 'drag', 'upload',
  'find', 'eval', 'wait', 'screenshot', 'back', 'forward', 'reload', 'tabs', 'console', 'network', 'dialog',
  'resize', 'pick', 'close', 'sessions', 'stop',
];
