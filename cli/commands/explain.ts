/**
 * `orchctl explain TYPE[.field...]`: the field's documentation from the server's OpenAPI v3
 * document of the resource's group version (`/openapi/v3/api/v1`, `/openapi/v3/apis/apps/v1`).
 */
import type { Command } from 'commander';
import { action, type CommandEnv } from '../command.ts';
import { apiPath } from '../discovery.ts';
import { usageError } from '../errors.ts';
import { boolFlag } from '../flags.ts';

interface Schema {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  allOf?: Schema[];
  $ref?: string;
  required?: string[];
  'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string }[];
  enum?: unknown[];
}

interface Document {
  components?: { schemas?: Record<string, Schema> };
}

export function register(program: Command, env: CommandEnv): void {
  const cmd = program
    .command('explain')
    .description('Get documentation for a resource.')
    .usage('TYPE [--recursive=FALSE|TRUE] [--api-version=api-version-group]')
    .argument('[args...]');
  boolFlag(cmd, '--recursive', 'When true, print the name of all the fields recursively.');
  cmd.option('--api-version <version>', 'Use given api-version (group/version) of the resource.');
  cmd.option(
    '-o, --output <format>',
    'Format in which to render the schema. Valid values are: (plaintext, plaintext-openapiv2).',
    'plaintext',
  );
  cmd.action(
    action<{ recursive: boolean; apiVersion?: string }>(async (args, o) => {
      const session = env.session();
      if (args.length === 0)
        throw usageError(
          'You must specify the type of resource to explain. Use "orchctl api-resources" for a complete list of supported resources.',
        );
      const [typeName, ...fieldPath] = args[0]!.split('.');
      const mapper = await session.mapper();
      let r = await session.findType(typeName!);
      if (o.apiVersion) {
        const [g, v] = o.apiVersion.includes('/') ? o.apiVersion.split('/') : ['', o.apiVersion];
        r = mapper.resources.find((x) => x.resource === r.resource && x.group === g && x.version === v) ?? r;
      }
      const doc = await session.json<Document>('GET', `/openapi/v3${apiPath(r)}`);
      const schemas = doc.components?.schemas ?? {};
      const top = Object.values(schemas).find((s) =>
        s['x-kubernetes-group-version-kind']?.some((g) => g.group === r.group && g.version === r.version && g.kind === r.kind),
      );
      if (!top) throw usageError(`couldn't find resource for "${args[0]}"`);
      const deref = (s: Schema | undefined): Schema => {
        let cur = s ?? {};
        for (let i = 0; i < 10; i++) {
          const ref = cur.$ref ?? cur.allOf?.[0]?.$ref;
          if (!ref) break;
          const target = schemas[ref.replace('#/components/schemas/', '')] ?? {};
          cur = { ...target, description: cur.description ?? target.description };
        }
        return cur;
      };
      let schema = deref(top);
      let fieldName = '';
      for (const f of fieldPath) {
        const inner = schema.type === 'array' ? deref(schema.items) : schema;
        const next = inner.properties?.[f];
        if (!next) throw usageError(`field "${f}" does not exist`);
        fieldName = f;
        schema = deref(next);
      }
      const out: string[] = [];
      out.push(`GROUP:      ${r.group}`.replace(/^GROUP:\s+$/, ''));
      if (!r.group) out.pop();
      out.push(`KIND:       ${r.kind}`);
      out.push(`VERSION:    ${r.version}`);
      out.push('');
      if (fieldName) {
        out.push(`FIELD: ${fieldName} <${typeText(schema, deref)}>`);
        out.push('');
      }
      out.push('DESCRIPTION:');
      out.push(...wrap(schema.description ?? '<empty>', '    '));
      const props = (schema.type === 'array' ? deref(schema.items) : schema).properties;
      if (props) {
        out.push('    ');
        out.push('FIELDS:');
        const required = new Set((schema.type === 'array' ? deref(schema.items) : schema).required ?? []);
        for (const name of Object.keys(props).sort()) {
          const p = deref(props[name]);
          if (o.recursive) {
            out.push(`  ${name}\t<${typeText(p, deref)}>${required.has(name) ? ' -required-' : ''}`);
            continue;
          }
          out.push(`  ${name}\t<${typeText(p, deref)}>${required.has(name) ? ' -required-' : ''}`);
          out.push(...wrap(p.description ?? '<no description>', '    '));
          out.push('');
        }
      }
      env.io.stdout(`${out.join('\n').replace(/\n+$/, '')}\n\n`);
    }),
  );
}

function typeText(s: Schema, deref: (s: Schema | undefined) => Schema): string {
  if (s.type === 'array') return `[]${typeText(deref(s.items), deref)}`;
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object')
    return `map[string]${typeText(deref(s.additionalProperties), deref)}`;
  if (s.properties) return 'Object';
  return s.type ?? 'Object';
}

function wrap(text: string, indent: string): string[] {
  const lines: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      if ((line + word).length > 76 && line) {
        lines.push(indent + line.trimEnd());
        line = '';
      }
      line += `${word} `;
    }
    lines.push(indent + line.trimEnd());
  }
  return lines;
}
