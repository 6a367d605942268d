/**
 * The cells of a custom resource's printer columns, as the real table convertor makes them: the
 * first value the path finds, kept only when it is of the column's type (a string column prints
 * any value), dates only from RFC 3339.
 */
import { describe, expect, it } from 'vitest';
import { goNumber, parseRFC3339, printerColumns } from '../../../core/apiextensions/printer-columns.ts';
import type { CustomResourceColumnDefinition } from '../../../core/registry/types/apiextensions-v1.ts';

const NOW = Date.parse('2024-06-01T12:00:00Z');

const OBJ = {
  metadata: { name: 'c1', creationTimestamp: '2024-06-01T11:00:00Z' },
  spec: {
    int: 2,
    float: 2.7,
    big: 1234567.5,
    tiny: 0.00001234,
    str: 'abc',
    yes: true,
    nil: null,
    obj: { b: '<x>', a: 1 },
    list: [{ nm: 'x' }, { nm: 'yy' }],
    rfc: '2024-06-01T07:30:00Z',
    frac: '2024-06-01T11:59:30.25+00:00',
    future: '2024-06-02T12:00:00Z',
    dateOnly: '2020-01-01',
    lower: '2024-06-01t09:30:00z',
    feb30: '2024-02-30T00:00:00Z',
    empty: '',
  },
};

/** The cell of one column of `type` at `jsonPath` for OBJ. */
function cell(type: string, jsonPath: string) {
  const [column] = printerColumns({ name: 'v1', additionalPrinterColumns: [{ name: 'C', type, jsonPath }] });
  return column.cell(OBJ, NOW);
}

describe('a printer column cell', () => {
  it.each([
    // type, path, cell
    ['integer', '.spec.int', 2],
    ['integer', '.spec.float', 2],
    ['integer', '.spec.str', null],
    ['integer', '.spec.yes', null],
    ['integer', '.spec.obj', null],
    ['integer', '.spec.nil', null],
    ['integer', '.spec.missing', null],
    ['number', '.spec.int', 2],
    ['number', '.spec.float', 2.7],
    ['number', '.spec.str', null],
    ['number', '.spec.obj', null],
    ['boolean', '.spec.yes', true],
    ['boolean', '.spec.str', null],
    ['boolean', '.spec.int', null],
    ['string', '.spec.str', 'abc'],
    ['string', '.spec.int', '2'],
    ['string', '.spec.float', '2.7'],
    ['string', '.spec.big', '1.2345675e+06'],
    ['string', '.spec.tiny', '1.234e-05'],
    ['string', '.spec.yes', 'true'],
    ['string', '.spec.nil', '<no value>'],
    ['string', '.spec.obj', '{"a":1,"b":"\\u003cx\\u003e"}'],
    ['string', '.spec.list', '[{"nm":"x"},{"nm":"yy"}]'],
    ['string', '.spec.list[*].nm', 'x'],
    ['string', '.spec.missing', null],
    ['date', '.spec.rfc', '4h30m'],
    ['date', '.spec.frac', '29s'],
    ['date', '.spec.future', '<invalid>'],
    ['date', '.spec.dateOnly', '<invalid>'],
    ['date', '.spec.lower', '<invalid>'],
    ['date', '.spec.feb30', '<invalid>'],
    ['date', '.spec.empty', '<unknown>'],
    ['date', '.spec.int', null],
    ['date', '.spec.missing', null],
  ])('%s column at %s is %j', (type, path, expected) => {
    expect(cell(type, path)).toEqual(expected);
  });
});

describe('printer column definitions', () => {
  it('describe a column by its path unless it has a description of its own', () => {
    const defined: CustomResourceColumnDefinition[] = [
      { name: 'Size', type: 'integer', jsonPath: '.spec.size', priority: 1, format: 'int32' },
      { name: 'Mode', type: 'string', jsonPath: '.spec.mode', description: 'How it runs' },
    ];
    const columns = printerColumns({ name: 'v1', additionalPrinterColumns: defined });
    expect(columns.map(({ name, type, format, description, priority }) => ({ name, type, format, description, priority }))).toEqual([
      {
        name: 'Size',
        type: 'integer',
        format: 'int32',
        description: 'Custom resource definition column (in JSONPath format): .spec.size',
        priority: 1,
      },
      { name: 'Mode', type: 'string', format: undefined, description: 'How it runs', priority: 0 },
    ]);
  });

  it('are one Age date column when the version lists none', () => {
    const [age, ...rest] = printerColumns({ name: 'v1' });
    expect(rest).toEqual([]);
    expect([age.name, age.type, age.priority]).toEqual(['Age', 'date', 0]);
    expect(age.cell(OBJ, NOW)).toBe('60m');
  });
});

describe("Go's renderings", () => {
  it.each([
    [2, '2'],
    [-7, '-7'],
    [2.7, '2.7'],
    [123456.5, '123456.5'],
    [1234567.5, '1.2345675e+06'],
    [-1234567.5, '-1.2345675e+06'],
    [0.0001, '0.0001'],
    [0.00001234, '1.234e-05'],
    [2 ** 53, '9007199254740992'],
    [1e20, '1e+20'],
    [1e21, '1e+21'],
  ])('%s prints as %s', (n, text) => {
    expect(goNumber(n)).toBe(text);
  });

  it.each([
    ['2020-01-01T00:00:00Z', Date.UTC(2020, 0, 1)],
    ['2020-01-01T00:00:00.5Z', Date.UTC(2020, 0, 1, 0, 0, 0, 500)],
    ['2020-01-01T00:00:00,5Z', Date.UTC(2020, 0, 1, 0, 0, 0, 500)],
    ['2020-01-01T1:00:00Z', Date.UTC(2020, 0, 1, 1)],
    ['2020-01-01T01:00:00+01:00', Date.UTC(2020, 0, 1)],
    ['2020-01-01T00:00:00-00:30', Date.UTC(2020, 0, 1, 0, 30)],
    ['2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['2020-01-01', undefined],
    ['2020-01-01t00:00:00Z', undefined],
    ['2020-01-01T00:00:00z', undefined],
    ['2023-02-29T00:00:00Z', undefined],
    ['2020-13-01T00:00:00Z', undefined],
    ['2020-01-01T24:00:00Z', undefined],
    ['2020-01-01T00:00:60Z', undefined],
    ['2020-01-01T00:00:00.Z', undefined],
    ['2020-01-01T00:00:00+0100', undefined],
    ['2020-01-01T00:00:00+25:00', undefined],
    [' 2020-01-01T00:00:00Z', undefined],
  ])('time.Parse(RFC3339, %s) is %s', (text, ms) => {
    expect(parseRFC3339(text)).toBe(ms);
  });
});
