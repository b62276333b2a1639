// Form tools: fill several fields of any kind at once, select options, check/uncheck, upload
// files (answering a file chooser, or straight into an <input type=file> by ref).
import { z } from 'zod';
import { defineTool } from '../define.js';
import { actWithEngine, besideAction, describeTarget, targetAliases, targetParam, targetShape } from './common.js';
import { fill, selectOption, setChecked, setFiles, type ActionOptions, type ActionTarget, type WaitReport } from '../../index.js';
import { recordBeside, recordPageCall, recordActedInPlace, type Recording } from '../codegen/record.js';
import { lookupSecret, type Secrets } from '../secrets.js';
import type { LocatorCall } from '../codegen/locator.js';
import type { Session } from '../session.js';
import type { ToolResponse } from '../response.js';
import type { Tab } from '../tab.js';
import { fileName } from '../input-policy.js';
import { claimOn, type EchoClaim } from '../restated.js';

/** The Playwright call a field's fill amounts to (a combobox that is no <select> gets typed into instead). */
function fieldCall(field: Field, secrets: Secrets): LocatorCall {
  switch (field.type) {
    case 'checkbox': return { method: asBoolean(field) ? 'check' : 'uncheck' };
    case 'radio': return { method: 'check' };
    case 'combobox': return { method: 'selectOption', values: [String(field.value)] };
    default: {
      const text = lookupSecret(secrets, String(field.value));
      return { method: 'fill', text: text.value, secret: text.secret };
    }
  }
}

/** The code of every field, recorded beside the fill: each field's ref check reads its locator. */
async function recordFields(session: Session, response: ToolResponse, tab: Tab, fields: Field[]): Promise<Recording> {
  const recordings: Recording[] = [];
  for (const field of fields) {
    let call: LocatorCall;
    try { call = fieldCall(field, session.config.secrets); } catch { continue; } // a bad value fails the fill itself, with its message
    recordings.push(await recordBeside(session, response, tab, field.target, [call]));
  }
  // In the fields' order, whatever order their locators came in.
  return { finish: async () => { for (const recording of recordings) await recording.finish(); } };
}

const fieldShape = z.strictObject({
  name: z.string().describe('Human-readable field name'),
  type: z.enum(['textbox', 'checkbox', 'radio', 'combobox', 'slider']).describe('Type of the field'),
  element: z.string().optional().describe('Human-readable element description used to obtain permission to interact with the element'),
  target: targetParam.describe('Exact target element reference from the page snapshot, or a unique element selector'),
  value: z.union([z.string(), z.boolean(), z.number()]).describe('Value to fill in. For checkbox use "true" or "false"; for radio "true" selects it; for combobox the option label (or value).'),
});

type Field = z.infer<typeof fieldShape>;

function asBoolean(field: Field): boolean {
  if (typeof field.value === 'boolean') return field.value;
  const text = String(field.value).trim().toLowerCase();
  if (['true', 'on', 'yes', 'checked', '1'].includes(text)) return true;
  if (['false', 'off', 'no', 'unchecked', '0'].includes(text)) return false;
  throw new Error(`Field "${field.name}" (${field.target}) is a ${field.type}: its value must be "true" or "false", got ${JSON.stringify(field.value)}.`);
}

function isNotSelect(error: unknown): boolean {
  return (error as { kind?: string })?.kind === 'not-select' || /not a (native )?<select>/i.test(String((error as Error)?.message));
}

async function fillField(target: ActionTarget, options: ActionOptions, field: Field, secrets: Secrets): Promise<WaitReport> {
  const value = String(field.value);
  switch (field.type) {
    case 'textbox':
    case 'slider':
      // A textbox value that names a secret gets the secret's value.
      return fill(target, field.target, lookupSecret(secrets, value).value, options);
    case 'checkbox':
      return setChecked(target, field.target, asBoolean(field), options);
    case 'radio':
      if (!asBoolean(field)) throw new Error(`a radio button can only be selected ("true"); select another radio of the group instead.`);
      return setChecked(target, field.target, true, options);
    case 'combobox':
      // A native <select> takes the option; an editable combobox takes typed text.
      try {
        return await selectOption(target, field.target, [value], options);
      } catch (error) {
        if (!isNotSelect(error)) throw error;
        return fill(target, field.target, value, options);
      }
  }
}

/** What the fields show once filled; none (the diff stays) when one of them is not checkable. */
function fieldClaims(fields: Field[], secrets: Secrets): EchoClaim[] | undefined {
  const claims: EchoClaim[] = [];
  for (const field of fields) {
    const value = String(field.value);
    const claim = field.type === 'textbox' && !lookupSecret(secrets, value).secret ? claimOn(field.target, { value })
      : field.type === 'checkbox' || field.type === 'radio' ? claimOn(field.target, { checked: asBoolean(field) })
      : [];
    if (!claim.length) return undefined;
    claims.push(...claim);
  }
  return claims;
}

export const formTools = [
  defineTool({
    name: 'browser_fill_form',
    aliases: { 'fields[].ref': 'target' },
    group: 'core',
    title: 'Fill form',
    description: 'Fill multiple form fields in one call: textboxes, checkboxes, radios, comboboxes (selects) and sliders',
    params: { fields: z.array(fieldShape).min(1).describe('Fields to fill in') },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      const done: string[] = [];
      await besideAction(await recordFields(session, response, await session.ensureTab(), params.fields),
        () => actWithEngine(session, response, async (target, options) => {
          let last: WaitReport | undefined;
          for (const field of params.fields) {
            try {
              last = await fillField(target, options, field, session.config.secrets);
            } catch (error) {
              const filled = done.length ? ` Filled before it: ${done.join(', ')}.` : '';
              throw new Error(`Field "${field.name}" (${field.target}) failed: ${(error as Error).message.split('\n')[0]}${filled}`);
            }
            done.push(`"${field.name}"`);
          }
          return last!;
        }));
      response.addEcho(`Filled ${done.length} field${done.length > 1 ? 's' : ''}: ${done.join(', ')}.`, fieldClaims(params.fields, session.config.secrets));
    },
  }),
  defineTool({
    name: 'browser_select_option',
    aliases: targetAliases,
    group: 'core',
    title: 'Select option',
    description: 'Select one or more options in a dropdown (by label or value)',
    params: {
      ...targetShape,
      values: z.array(z.string()).min(1).describe('Array of values to select in the dropdown. This can be a single value or multiple values.'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    async handle(session, params, response) {
      let selected: string[] = params.values;
      await besideAction(await recordBeside(session, response, await session.ensureTab(), params.target, [{ method: 'selectOption', values: params.values }]),
        () => actWithEngine(session, response, async (target, options) => {
          const result = await selectOption(target, params.target, params.values, options);
          selected = result.selected;
          return result;
        }));
      response.addEcho(`Selected ${JSON.stringify(selected)} in ${describeTarget(params)}.`);
      response.focused(params.target);
    },
  }),
  defineTool({
    name: 'browser_check',
    aliases: targetAliases,
    group: 'core-input',
    skillOnly: true,
    title: 'Check',
    description: 'Check a checkbox or select a radio button (no-op when already checked)',
    params: targetShape,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: true },
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const statement = response.code.length;
      await besideAction(await recordBeside(session, response, tab, params.target, [{ method: 'check' }]),
        () => actWithEngine(session, response, (target, options) => setChecked(target, params.target, true, options)));
      await recordActedInPlace(session, response, tab, statement);
      response.addEcho(`Checked ${describeTarget(params)}.`, claimOn(params.target, { checked: true }));
      response.focused(params.target);
    },
  }),
  defineTool({
    name: 'browser_uncheck',
    aliases: targetAliases,
    group: 'core-input',
    skillOnly: true,
    title: 'Uncheck',
    description: 'Uncheck a checkbox (no-op when already unchecked)',
    params: targetShape,
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true, idempotentHint: true },
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const statement = response.code.length;
      await besideAction(await recordBeside(session, response, tab, params.target, [{ method: 'uncheck' }]),
        () => actWithEngine(session, response, (target, options) => setChecked(target, params.target, false, options)));
      await recordActedInPlace(session, response, tab, statement);
      response.addEcho(`Unchecked ${describeTarget(params)}.`, claimOn(params.target, { checked: false }));
      response.focused(params.target);
    },
  }),
  defineTool({
    name: 'browser_file_upload',
    aliases: targetAliases,
    group: 'core',
    title: 'Upload files',
    description: 'Upload one or multiple files',
    params: {
      paths: z.array(fileName()).optional().describe('The absolute paths to the files to upload. If omitted, file chooser is cancelled.'),
      element: targetShape.element,
      target: targetParam.optional().describe('File input to set when no chooser is open'),
    },
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    handlesModal: 'fileChooser',
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const paths = await Promise.all((params.paths ?? []).map(path => session.inputFile(path)));
      const chooserOpen = tab.modals.some(m => m.kind === 'fileChooser');
      if (!chooserOpen && !params.target)
        throw new Error('No file chooser is open. Click the upload control first (browser_click opens the chooser), or pass the ref of the <input type=file>.');
      if (chooserOpen) {
        recordPageCall(session, response, { method: 'fileChooserSetFiles', paths });
        const outcome = await tab.step(() => tab.collectors.modal.takeFileChooser().setFiles(paths));
        response.addWait(outcome.wait);
        response.setIncludeSnapshot();
      } else {
        await besideAction(await recordBeside(session, response, tab, params.target!, [{ method: 'setInputFiles', values: paths }]),
          () => actWithEngine(session, response, (target, options) => setFiles(target, params.target!, paths, options)));
        // An upload button answered through its chooser by the engine leaves no modal behind.
        if (tab.modals.some(m => m.kind === 'fileChooser')) tab.collectors.modal.takeFileChooser();
      }
      response.addResult(paths.length ? `Uploaded ${paths.join(', ')}.` : 'Cancelled the file chooser (no files).');
    },
  }),
];
