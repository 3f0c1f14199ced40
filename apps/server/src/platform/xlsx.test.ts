import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx } from './xlsx.js';

describe('xlsx export', () => {
  it('writes a header row in the given language and one row per record, empty cells for missing values', async () => {
    const rows = [
      { account: 'admin', name: '管理员', age: 30 },
      { account: 'op', name: 'Operator', age: null },
    ];
    const body = await buildXlsx(
      '用户',
      [
        { header: '账号', value: (r) => r.account },
        { header: '姓名', value: (r) => r.name },
        { header: '年龄', value: (r) => r.age },
      ],
      rows,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('用户')!;
    expect(sheet.getRow(1).values).toEqual([undefined, '账号', '姓名', '年龄']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'admin', '管理员', 30]);
    expect(sheet.getRow(3).getCell(3).value).toBe('');
    expect(sheet.rowCount).toBe(3);
  });

  it('keeps cells that a spreadsheet would read as formulas as text, with a leading apostrophe', async () => {
    const hostile = ['=HYPERLINK("http://x","y")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', 'plain', '-'];
    const body = await buildXlsx(
      'Robots',
      [
        { header: 'Name', value: (r: { name: string }) => r.name },
        { header: 'Count', value: () => -5 },
      ],
      hostile.map((name) => ({ name })),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const names = hostile.map((_, i) => sheet.getRow(i + 2).getCell(1));
    expect(names.map((c) => c.type)).toEqual(hostile.map(() => ExcelJS.ValueType.String));
    expect(names.map((c) => c.value)).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'+1+1",
      "'-2+3",
      "'@SUM(A1)",
      "'\t=1",
      'plain',
      "'-",
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe(-5);
  });
});
