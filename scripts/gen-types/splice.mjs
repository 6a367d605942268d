/**
 * Writes interface declarations into a TypeScript module in place: each one right after the
 * `export const` of its schema value, replacing the one the last run wrote there, plus the type
 * imports they need that the module does not have yet. The rest of the module is left as it is,
 * so the same step serves the generated files and the hand-written ones.
 *
 * The generator owns every interface named after one of the module's schema values (a value and
 * an interface may share a name; a hand-written interface of that name would be merged into the
 * generated one, so there is none to keep).
 */
import ts from 'typescript';

/** The names a module declares or imports at its top level. */
function namesInScope(sf) {
  const names = new Set();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (!clause) continue;
      if (clause.name) names.add(clause.name.text);
      const nb = clause.namedBindings;
      if (nb && ts.isNamespaceImport(nb)) names.add(nb.name.text);
      if (nb && ts.isNamedImports(nb)) for (const el of nb.elements) names.add(el.name.text);
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) names.add(d.name.text);
    } else if (st.name && ts.isIdentifier(st.name)) {
      names.add(st.name.text);
    }
  }
  return names;
}

const isExported = (st) => st.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ?? false;

/** The names of a module's top-level `export const` declarations, in order. */
export function exportedConsts(fileName, text) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  return sf.statements
    .filter((st) => ts.isVariableStatement(st) && isExported(st))
    .flatMap((st) => st.declarationList.declarations.map((d) => d.name.getText(sf)));
}

/**
 * @param {string} fileName
 * @param {string} text the module's source
 * @param {Map<string, { text: string, uses: Map<string, object | undefined> }>} interfaces by schema value name
 * @param {(name: string, schema: object | undefined) => string} moduleOf the specifier to import a type from
 */
export function spliceInterfaces(fileName, text, interfaces, moduleOf) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits = [];
  let lastImport;
  const typeImports = new Map();
  for (const st of sf.statements) {
    if (ts.isImportDeclaration(st)) {
      lastImport = st;
      if (st.importClause?.isTypeOnly && st.importClause.namedBindings && ts.isNamedImports(st.importClause.namedBindings)) {
        typeImports.set(st.moduleSpecifier.text, st);
      }
    } else if (ts.isInterfaceDeclaration(st) && interfaces.has(st.name.text)) {
      // From the end of the statement before: the blank line and comment written with it.
      edits.push({ start: st.pos, end: st.end, text: '' });
    } else if (ts.isVariableStatement(st) && isExported(st)) {
      const [decl, ...more] = st.declarationList.declarations;
      const generated = interfaces.get(decl.name.getText(sf));
      if (!generated) continue;
      if (more.length) throw new Error(`${fileName}: declare ${decl.name.getText(sf)} in a statement of its own`);
      edits.push({ start: st.end, end: st.end, text: `\n\n${generated.text}` });
    }
  }

  const inScope = namesInScope(sf);
  const missing = new Map();
  for (const { uses } of interfaces.values()) {
    for (const [name, schema] of uses) {
      if (inScope.has(name)) continue;
      const from = moduleOf(name, schema);
      if (!missing.has(from)) missing.set(from, new Set());
      missing.get(from).add(name);
    }
  }
  const newImports = [];
  for (const [from, names] of [...missing].sort(([a], [b]) => a.localeCompare(b))) {
    const existing = typeImports.get(from);
    if (existing) {
      for (const el of existing.importClause.namedBindings.elements) names.add(el.getText(sf));
      const line = `import type { ${[...names].sort().join(', ')} } from '${from}';`;
      edits.push({ start: existing.getStart(sf), end: existing.end, text: line });
    } else {
      newImports.push(`import type { ${[...names].sort().join(', ')} } from '${from}';`);
    }
  }
  if (newImports.length) {
    if (!lastImport) throw new Error(`${fileName}: no import to put the type imports after`);
    edits.push({ start: lastImport.end, end: lastImport.end, text: newImports.map((l) => `\n${l}`).join('') });
  }

  // From the end; at one place the old interface goes before the new one is written there.
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const e of edits) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}
