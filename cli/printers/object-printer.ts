/**
 * `-o` for commands that print objects (get, patch, apply, create, label, ...): json, yaml, name,
 * go-template(-file), template(-file), jsonpath(-file), jsonpath-as-json. Which formats a
 * command accepts, and the real client's message for the others.
 */
import { CliError, usageError } from '../errors.ts';
import type { Io } from '../io.ts';
import { type JsonObject, sortedKeys, withoutManagedFields } from '../objects.ts';
import { goJson } from './go-format.ts';
import { GoTemplate, TemplateError } from './go-template.ts';
import { JsonPath, JsonPathError } from './jsonpath.ts';
import { toYaml } from './yaml.ts';

export const OBJECT_FORMATS = [
  'go-template',
  'go-template-file',
  'json',
  'jsonpath',
  'jsonpath-as-json',
  'jsonpath-file',
  'name',
  'template',
  'templatefile',
  'yaml',
] as const;

export interface PrintOptions {
  readonly output?: string;
  readonly template?: string;
  readonly allowMissingTemplateKeys?: boolean;
  readonly showManagedFields?: boolean;
}

export interface ObjectPrinter {
  /** The text for one object (a List prints as one). `operation` is the name printer's verb. */
  print(obj: JsonObject, operation?: string): string;
  /** Whether this is the `name` printer (or none): the caller prints `kind/name operation`. */
  readonly isName: boolean;
}

/** The format and its argument: `jsonpath={.a}` → ['jsonpath', '{.a}']. */
export function splitOutput(output: string): [string, string | undefined] {
  const eq = output.indexOf('=');
  return eq < 0 ? [output, undefined] : [output.slice(0, eq), output.slice(eq + 1)];
}

export async function objectPrinter(io: Io, opts: PrintOptions, allowed: readonly string[] = OBJECT_FORMATS): Promise<ObjectPrinter> {
  const [format, arg] = splitOutput(opts.output ?? '');
  const strip = (o: JsonObject) => (opts.showManagedFields ? o : withoutManagedFields(o));
  if (!format) return { isName: true, print: (o, op) => nameLines(o, op) };
  // An explicit `-o name` prints the names alone, without the operation.
  if (format === 'name' && allowed.includes('name')) return { isName: true, print: (o) => nameLines(o) };
  if (!allowed.includes(format))
    throw usageError(
      `unable to match a printer suitable for the output format "${format}", allowed formats are: ${[...allowed].sort().join(',')}`,
    );
  switch (format) {
    case 'json':
      return { isName: false, print: (o) => `${goJson(sortedKeys(strip(o)), 4)}\n` };
    case 'yaml':
      return { isName: false, print: (o) => toYaml(strip(o)) };
  }
  let template = arg ?? opts.template;
  if (template === undefined || template === '') throw usageError('template format specified but no template given');
  if (format.endsWith('-file') || format === 'templatefile') {
    try {
      template = await io.readFile(template);
    } catch {
      throw usageError(`error reading --template ${template}, open ${template}: no such file or directory`);
    }
  }
  const allowMissing = opts.allowMissingTemplateKeys !== false;
  const tpl = template;
  if (format.startsWith('jsonpath')) {
    let path: JsonPath;
    try {
      path = new JsonPath(tpl, allowMissing);
    } catch (err) {
      throw usageError(`error parsing jsonpath ${tpl}, ${(err as Error).message}`);
    }
    const asJson = format === 'jsonpath-as-json';
    return {
      isName: false,
      print: (o) => {
        try {
          return asJson ? path.executeJson(strip(o)) : path.execute(strip(o));
        } catch (err) {
          if (err instanceof JsonPathError)
            throw new CliError(
              `error: error executing jsonpath ${JSON.stringify(tpl)}: Error executing template: ${err.message}. Printing more information for debugging the template:\n\ttemplate was:\n\t\t${tpl}\n\tobject given to jsonpath engine was:\n\t\t${JSON.stringify(strip(o))}\n\n`,
            );
          throw err;
        }
      },
    };
  }
  let gt: GoTemplate;
  try {
    gt = new GoTemplate(tpl, allowMissing);
  } catch (err) {
    throw usageError(`error parsing template ${tpl}, template: output:1: ${(err as Error).message}`);
  }
  return {
    isName: false,
    print: (o) => {
      try {
        return gt.execute(strip(o));
      } catch (err) {
        if (err instanceof TemplateError)
          throw usageError(`error executing template ${JSON.stringify(tpl)}: template: output:1: executing "output": ${err.message}`);
        throw err;
      }
    },
  };
}

/** `configmap/x` (or `statefulset.apps/web`), each List item on its own line. */
export function nameLines(obj: JsonObject, operation?: string): string {
  if (Array.isArray(obj.items) && obj.kind?.endsWith('List'))
    return (obj.items as JsonObject[]).map((i) => nameLines(i, operation)).join('');
  return `${nameOf(obj)}${operation ? ` ${operation}` : ''}\n`;
}

export function nameOf(obj: JsonObject): string {
  const apiVersion = obj.apiVersion ?? '';
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
  const kind = (obj.kind ?? '').toLowerCase();
  return `${group ? `${kind}.${group}` : kind}/${obj.metadata?.name ?? ''}`;
}
