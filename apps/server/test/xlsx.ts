import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';

/** The first sheet of an xlsx answer as rows of cell texts (the header row first). */
export async function sheetRows(res: LightMyRequestResponse): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(values.slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}
