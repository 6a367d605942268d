/**
 * The Kubernetes CEL library as CRD authors use it: lists, sets, regex, string extensions,
 * quantity, URL, IP/CIDR, named formats and optionals. Each row is an expression and what it
 * evaluates to (or the error it raises).
 */
import { Environment } from '@marcbachmann/cel-js';
import { describe, expect, it } from 'vitest';
import { registerKubernetesLibrary } from '../../../core/cel/index.ts';

const env = registerKubernetesLibrary(new Environment({ enableOptionalTypes: true }));

function run(expr: string): unknown {
  const v = env.evaluate(expr);
  return v;
}

const groups: Record<string, [string, unknown][]> = {
  lists: [
    ['[1, 2, 3].isSorted()', true],
    ['[3, 1].isSorted()', false],
    ['["a", "b"].isSorted()', true],
    ['[1, 2, 3].sum()', 6n],
    ['[1.5, 2.0].sum()', 3.5],
    ['[4, 2, 9].min()', 2n],
    ['["b", "c", "a"].max()', 'c'],
    ['[1, 2, 1].indexOf(1)', 0n],
    ['[1, 2, 1].lastIndexOf(1)', 2n],
    ['[1, 2].indexOf(3)', -1n],
  ],
  sets: [
    ['sets.contains([1, 2, 3], [2, 3])', true],
    ['sets.contains([1], [2])', false],
    ['sets.equivalent([1, 2], [2, 1, 1])', true],
    ['sets.equivalent([1, 2], [1])', false],
    ['sets.intersects([1, 2], [2, 5])', true],
    ['sets.intersects([1], [2])', false],
  ],
  regex: [
    ['"abc123def".find("[0-9]+")', '123'],
    ['"abc".find("[0-9]+")', ''],
    ['"a1b22c333".findAll("[0-9]+")', ['1', '22', '333']],
    ['"a1b22c333".findAll("[0-9]+", 2)', ['1', '22']],
    ['"ABC".find("(?i)b")', 'B'],
  ],
  strings: [
    ['"hello".charAt(1)', 'e'],
    ['"hello".charAt(5)', ''],
    ['"a-b-c".replace("-", "+")', 'a+b+c'],
    ['"a-b-c".replace("-", "+", 1)', 'a+b-c'],
    ['"Hello".lowerAscii()', 'hello'],
    ['"Hello".upperAscii()', 'HELLO'],
    ['"  x ".trim()', 'x'],
    ['"hello".indexOf("l")', 2n],
    ['"hello".lastIndexOf("l")', 3n],
    ['"hello".substring(1, 3)', 'el'],
    ['"a,b".split(",")', ['a', 'b']],
    ['["a", "b"].join("-")', 'a-b'],
    // Literal lists are homogeneous, as on the real platform: mixed arguments are wrapped in dyn().
    ['"%s has %d items".format([dyn("box"), dyn(3)])', 'box has 3 items'],
    ['"%d/%d".format([1, 2])', '1/2'],
    ['"%.2f".format([3.14159])', '3.14'],
    ['strings.quote("a\\"b")', '"a\\"b"'],
    ['"abc".reverse()', 'cba'],
  ],
  quantity: [
    ['quantity("1.5Gi").isGreaterThan(quantity("1Gi"))', true],
    ['quantity("500m").isLessThan(quantity("1"))', true],
    ['quantity("500m").isInteger()', false],
    ['quantity("2k").asInteger()', 2000n],
    ['quantity("1").add(quantity("500m")).asApproximateFloat()', 1.5],
    ['quantity("1").add(2).asInteger()', 3n],
    ['quantity("1Gi").sub(quantity("512Mi")) == quantity("512Mi")', true],
    ['quantity("1") == quantity("1000m")', true],
    ['quantity("1Ki").compareTo(quantity("1024"))', 0n],
    ['quantity("-1").sign()', -1n],
    ['isQuantity("1e3")', true],
    ['isQuantity("abc")', false],
  ],
  url: [
    ['url("https://user@example.com:8080/a/b?x=1").getHost()', 'example.com:8080'],
    ['url("https://example.com:8080/a").getHostname()', 'example.com'],
    ['url("https://[::1]:80/p").getHostname()', '::1'],
    ['url("https://example.com:8080/a").getPort()', '8080'],
    ['url("https://example.com/a").getPort()', ''],
    ['url("https://example.com").getScheme()', 'https'],
    ['url("https://example.com/a%20b").getEscapedPath()', '/a%20b'],
    ['url("https://e.com/?x=1&x=2&y=z").getQuery()["x"]', ['1', '2']],
    ['isURL("https://example.com")', true],
    ['isURL("/relative/path")', true],
    ['isURL("not a url")', false],
  ],
  'ip and cidr': [
    ['ip("10.0.0.1").family()', 4n],
    ['ip("2001:db8::1").family()', 6n],
    ['ip("::1").isLoopback()', true],
    ['ip("127.0.0.1").isLoopback()', true],
    ['ip("0.0.0.0").isUnspecified()', true],
    ['ip("fe80::1").isLinkLocalUnicast()', true],
    ['ip("224.0.0.1").isLinkLocalMulticast()', true],
    ['ip("8.8.8.8").isGlobalUnicast()', true],
    ['isIP("1.2.3.4")', true],
    ['isIP("1.2.3.04")', false],
    ['isIP("fe80::1%eth0")', false],
    ['ip.isCanonical("2001:db8::1")', true],
    ['ip.isCanonical("2001:DB8::1")', false],
    ['string(ip("2001:0db8:0:0:1:0:0:1"))', '2001:db8::1:0:0:1'],
    ['ip("10.0.0.1") == ip("10.0.0.1")', true],
    ['cidr("10.0.0.0/8").containsIP("10.1.2.3")', true],
    ['cidr("10.0.0.0/8").containsIP(ip("11.0.0.1"))', false],
    ['cidr("10.0.0.0/8").containsCIDR("10.1.0.0/16")', true],
    ['cidr("10.0.0.0/16").containsCIDR(cidr("10.0.0.0/8"))', false],
    ['string(cidr("10.1.2.3/8").masked())', '10.0.0.0/8'],
    ['string(cidr("10.1.2.3/8").ip())', '10.1.2.3'],
    ['cidr("fd00::/8").prefixLength()', 8n],
    ['isCIDR("10.0.0.0/33")', false],
    ['isCIDR("10.0.0.0/24")', true],
  ],
  format: [
    ['format.dns1123Label().validate("foo").hasValue()', false],
    ['format.dns1123Label().validate("Foo").hasValue()', true],
    ['format.named("dns1123Subdomain").value().validate("a.b").hasValue()', false],
    ['format.named("no-such-format").hasValue()', false],
    ['format.dns1123LabelPrefix().validate("abc-").hasValue()', false],
    ['format.labelValue().validate("").hasValue()', false],
    ['format.uuid().validate("9b2cbd0a-4f4b-4b0e-9a3e-7e4f4c0b6a11").hasValue()', false],
    ['format.qualifiedName().validate("example.com/Name").hasValue()', false],
  ],
  optionals: [
    ['optional.of(1).orValue(2)', 1n],
    ['optional.none().orValue(2)', 2n],
    ['optional.of(1).hasValue()', true],
    ['optional.of("x").value()', 'x'],
    ['{"a": 1}[?"b"].orValue(5)', 5n],
  ],
};

describe.each(Object.entries(groups))('%s', (_, rows) => {
  it.each(rows)('%s', (expr, expected) => {
    expect(run(expr)).toEqual(expected);
  });
});

describe('library errors are raised as the real platform words them', () => {
  it.each([
    ['quantity("x")', "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"],
    ['quantity("0.5").asInteger()', 'cannot convert value to integer'],
    ['ip("::ffff:1.2.3.4")', 'IPv4-mapped IPv6 address "::ffff:1.2.3.4" is not allowed'],
    ['url("nope")', 'URL parse error during conversion from string: parse "nope": invalid URI for request'],
    ['[1].min() == 1 && ([] + [0]).size() == 1 && [0].sum() == 0 && "x".charAt(2) == ""', 'index out of range: 2'],
  ])('%s', (expr, message) => {
    expect(() => run(expr)).toThrow(message);
  });
});

it('format validation reports the real messages', () => {
  const v = run('format.dns1123Label().validate("Foo").value()') as string[];
  expect(v[0]).toMatch(/^a lowercase RFC 1123 label must consist of lower case alphanumeric characters/);
});
