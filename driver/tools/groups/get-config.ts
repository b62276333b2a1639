// Placeholder: filled by the capability-groups issue (#14).
import type { Tool } from '../define.js';

export const configTools: Tool[] = [];
