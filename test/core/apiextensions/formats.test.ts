/**
 * The string formats of custom resource schemas, row by row: what the real platform's validator
 * (kube-openapi strfmt in v1.32) accepts and refuses for each format it checks, and that it
 * checks no other.
 */
import { describe, expect, it } from 'vitest';
import { checkFormat, isCheckedFormat } from '../../../core/apiextensions/formats.ts';

/** format, values accepted, values refused */
const ROWS: readonly (readonly [string, readonly string[], readonly string[]])[] = [
  [
    'duration',
    // Go's time.ParseDuration, else any "<digits> <unit word>" in the text (so an overflowing 2562048h passes as words).
    ['0', '-5s', '+5s', '1h30m', '1.5h', '.5s', '300ms', '2µs', '3 days', '1h 30m', '5 minutes', '10sec', '2 weeks', 'in 5s', '2562048h'],
    ['', '5', '5x', 's', '.s', 'forever', '9223372036854775808 days', '4 hrs'],
  ],
  [
    'date-time',
    // A `T` (either case) between date and time; the offset is not range-checked.
    ['2020-01-01T00:00:00Z', '2020-01-01t00:00:00z', '2020-01-01T23:59:59.123+01:00', '2020-02-29T00:00:00+99:99'],
    ['2020-01-01 00:00:00Z', '2020-01-01T00:00:00', '2020-01-01T24:00:00Z', '2020-02-30T00:00:00Z', 'yesterday', '2020'],
  ],
  ['datetime', ['2020-01-01T00:00:00Z'], ['2020-01-01 00:00:00Z']],
  ['date', ['2020-02-29', '1999-12-31'], ['2021-02-29', '2020-1-01', '2020-13-01', '2020-04-31', '2020-01-01T00:00:00Z']],
  [
    'mac',
    ['00:11:22:33:44:55', '00-11-22-33-44-55', '0011.2233.4455', '00:11:22:33:44:55:66:77', '0011.2233.4455.6677'],
    ['00:11:22:33:44', '00:11-22:33:44:55', '0011.2233.445', '001122334455', 'zz:11:22:33:44:55'],
  ],
  [
    'hostname',
    // One label (a dash only as its second character), or labels ending in a top-level domain of two letters or more.
    ['example.com', 'a', 'a-b', 'a.b.co', 'a--b.com', 'xn--bcher-kva.ch', 'ex$ample', 'ôlà.ôlà'],
    ['a.b.c', 'a--b', 'my-host', 'example.com.', '1.1.1.1', '-a.com', 'a-.com', 'a_b.com', `${'a'.repeat(64)}.com`],
  ],
  [
    'uri',
    ['http://example.com/a?b#c', '/just/a/path', 'mailto:john@example.com', 'urn:isbn:0451450523', '*', 'http://[::1]:80/'],
    ['', 'just/a/path', 'http://exa mple.com/', 'http://host:port/', '/a%zz', ':no-scheme'],
  ],
  [
    'email',
    // Go's net/mail.ParseAddress: display names, comments and quoted local parts too.
    [
      'john@example.com',
      'John Doe <john@example.com>',
      '<john@example.com>',
      '"john doe"@example.com',
      'john@example.com (John)',
      'john@[127.0.0.1]',
    ],
    ['', 'john', 'john@', '@example.com', 'John Doe', 'john..doe@example.com', 'a@b@c', 'john@[not-an-ip]'],
  ],
  ['hexcolor', ['#fff', 'fff', '#A0B1C2', 'a0b1c2'], ['#ffff', 'ggg', '#12345']],
  ['rgbcolor', ['rgb(255,0,0)', 'rgb( 1 , 2 , 3 )'], ['red', 'rgb(256,0,0)', 'rgb(1,2)', 'RGB(1,2,3)']],
  ['byte', ['aGVsbG8=', 'AAAA', 'YQ=='], ['', 'aGVsbG8', 'a===', '!!!!']],
  [
    'uuid',
    ['123e4567-e89b-12d3-a456-426614174000', '123E4567E89B12D3A456426614174000'],
    ['123e4567-e89b-12d3-a456', 'x23e4567-e89b-12d3-a456-426614174000'],
  ],
  ['uuid3', ['a3bb189e-8bf9-3888-0912-ace4e6543002'], ['a3bb189e-8bf9-4888-9912-ace4e6543002']],
  ['uuid4', ['a3bb189e-8bf9-4888-9912-ace4e6543002'], ['a3bb189e-8bf9-4888-0912-ace4e6543002', 'a3bb189e-8bf9-3888-9912-ace4e6543002']],
  ['uuid5', ['a3bb189e-8bf9-5888-a912-ace4e6543002'], ['a3bb189e-8bf9-5888-c912-ace4e6543002']],
  ['ipv4', ['192.168.0.1', '010.0.0.1', '::ffff:1.2.3.4'], ['256.0.0.1', '1.2.3', '::1', 'example.com']],
  ['ipv6', ['::1', '2001:db8::ff00:42:8329', '::ffff:1.2.3.4'], ['1.2.3.4', 'fe80::1%eth0', '12345::', '1::2::3', '::ffff:1.2.3.04']],
  ['cidr', ['10.0.0.0/8', '010.0.0.0/08', '2001:db8::/32', '::/0'], ['10.0.0.0', '10.0.0.0/33', '::/129', '10.0.0.0/x']],
  ['bsonobjectid', ['507f1f77bcf86cd799439011'], ['xyz', '507f1f77bcf86cd79943901', '507f1f77bcf86cd79943901g']],
  ['isbn', ['0321751043', '978-0321751041', '0-321-75104-3', '080442957X'], ['123', '0321751044', '9780321751042']],
  ['isbn10', ['0321751043'], ['978-0321751041']],
  ['isbn13', ['978-0321751041', '978 0321751041'], ['0321751043']],
  ['creditcard', ['4111111111111111', '4111-1111-1111-1111', '5500 0000 0000 0004'], ['1234', '4111111111111112', '']],
  ['ssn', ['123-45-6789', '123 45 6789'], ['12-34', '123456789', '123-45-67890']],
  ['password', ['', 'anything at all'], []],
];

describe('string formats', () => {
  it.each(ROWS)('%s accepts what the real validator accepts and refuses the rest', (format, good, bad) => {
    expect(isCheckedFormat(format)).toBe(true);
    for (const v of good) expect(checkFormat(format, v), `${format} ${JSON.stringify(v)}`).toBe(true);
    for (const v of bad) expect(checkFormat(format, v), `${format} ${JSON.stringify(v)}`).toBe(false);
  });

  it.each([['whatever'], ['int32'], ['int-or-string'], ['quantity'], ['Date'], ['k8s-short-name']])('%s is not checked', (format) => {
    expect(isCheckedFormat(format)).toBe(false);
    expect(checkFormat(format, '!! not anything !!')).toBe(true);
  });

  it('names formats without their dashes', () => {
    expect(checkFormat('uuid-4', 'a3bb189e-8bf9-3888-9912-ace4e6543002')).toBe(false);
    expect(checkFormat('is-bn', '123')).toBe(false);
  });
});
