export { objectPrinter, nameLines, nameOf, splitOutput, OBJECT_FORMATS, type ObjectPrinter, type PrintOptions } from './object-printer.ts';
export { printTable, tableRows, type Table, type TableOptions } from './table.ts';
export { parseColumns, parseColumnsFile, printCustomColumns, customColumnRows } from './custom-columns.ts';
export { JsonPath, relaxedJsonPath } from './jsonpath.ts';
export { GoTemplate } from './go-template.ts';
export { TabWriter } from './tab-writer.ts';
export { toYaml } from './yaml.ts';
export { goJson, goPrint } from './go-format.ts';
