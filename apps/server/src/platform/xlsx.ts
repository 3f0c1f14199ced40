import type { FastifyReply } from 'fastify';
import { errorEnvelope } from '@patrol/contracts';

export type XlsxColumn<T> = {
  /** Column title, already in the caller's language. */
  header: string;
  value: (row: T) => string | number | null | undefined;
  width?: number;
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The first characters that make a spreadsheet program read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell's text as exported: one that a spreadsheet program would read as a formula (a name such
 * as `=HYPERLINK(...)` or `@SUM(...)`) gets a leading apostrophe, as OWASP's CSV-injection guidance
 * says, so that it stays text in the workbook and in any CSV made from it. Numbers stay numbers.
 */
export function neutralise(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** A one-sheet workbook of `rows`, with a bold, frozen header row; no cell holds a formula. */
export async function buildXlsx<T>(sheetName: string, columns: XlsxColumn<T>[], rows: T[]): Promise<Buffer> {
  // Loaded with the first export, not at start: it is the largest library the server uses.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => neutralise(c.value(row))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends a workbook as a download named `<fileName>.xlsx` (UTF-8 names allowed). */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}.xlsx`)
    .send(body);
}

/**
 * The response schemas of an export route: the file itself (sent as a buffer, not serialised) and
 * the error envelopes of a signed-in call.
 */
export function fileResponses() {
  return { 401: errorEnvelope, 403: errorEnvelope, 422: errorEnvelope, 500: errorEnvelope };
}
