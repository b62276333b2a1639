// Opt-in (--caps pdf): save the current page as a PDF in the output directory or a client root.
import { z } from 'zod';
import { defineTool } from '../define.js';
import { fileLink } from '../format/sections.js';
import { timestampedName } from '../files.js';
import { fileName } from '../input-policy.js';

export const pdfTools = [
  defineTool({
    name: 'browser_pdf_save',
    group: 'pdf',
    title: 'Save as PDF',
    description: 'Save the current page as a PDF file',
    params: { filename: fileName().optional().describe('File name to save the PDF to. Defaults to page-<timestamp>.pdf in the output directory.') },
    annotations: { readOnlyHint: true, destructiveHint: false, openWorldHint: false },
    async handle(session, params, response) {
      const tab = await session.ensureTab();
      const path = await session.outputFile(params.filename, timestampedName('page', 'pdf'), 'PDF');
      try {
        await tab.page.pdf({ path, printBackground: true });
      } catch (error) {
        const message = (error as Error).message.split('\n')[0];
        throw new Error(`Could not save the PDF: ${message}. PDF printing needs a headless Chromium: restart the server without --headed.`);
      }
      response.addResult(`Saved the page as PDF to ${path}.\n${fileLink('Page as pdf', path)}`);
    },
  }),
];
