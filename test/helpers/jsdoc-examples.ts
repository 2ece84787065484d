/**
 * The `@example` blocks of the JSDoc comments under src/, apps/, graphs/ and nodes/, read out and
 * type-checked as code (test/examples.test.ts).
 *
 * An example is the comment text after its `@example` tag (on the tag's line, then every line
 * after it) up to the next line that starts with a tag or the end of the comment, each line's
 * leading ` * ` stripped. It is checked as a module of its own that sits, virtually, next to the
 * source file it documents (src/redact.ts → src/redact.example-365.ts: nothing is written to
 * disk), headed by imports that put in scope what a reader of that file has in scope: every
 * import of the source file, and every name the source file exports. A name the example declares
 * itself (`declare const ranked: Candidate<MemoryRecord>[];`, `const state = …`) is left out of
 * the header, so the example's own declaration wins. Every example is one file of a single
 * TypeScript program, with the compiler options of tsconfig.json.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

export interface JsDocExample {
  /** The source file, relative to the root, posix: `src/redact.ts`. */
  file: string;
  /** The 1-based line of the `@example` tag. */
  line: number;
  /** The example's code. */
  code: string;
  /** The 1-based source line of each line of `code`. */
  lines: number[];
}

export interface ExampleDiagnostic {
  example: JsDocExample;
  /** The 1-based source line the diagnostic points at. */
  line: number;
  message: string;
}

/** Every JSDoc comment (`/** … *\/`) of a file, found as the compiler finds comments: in the trivia before a token. */
function jsDocRanges(source: ts.SourceFile): ts.CommentRange[] {
  const text = source.text;
  const seen = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    for (const range of ts.getLeadingCommentRanges(text, node.pos) ?? []) {
      if (range.kind === ts.SyntaxKind.MultiLineCommentTrivia && text.startsWith("/**", range.pos))
        seen.set(range.pos, range);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  visit(source.endOfFileToken);
  return [...seen.values()].sort((a, b) => a.pos - b.pos);
}

/** The `@example` blocks of one source file (`file` relative to the root, `text` its content). */
export function examplesOf(file: string, text: string): JsDocExample[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: JsDocExample[] = [];
  for (const range of jsDocRanges(source)) {
    const firstLine = source.getLineAndCharacterOfPosition(range.pos).line + 1;
    const lines = text
      .slice(range.pos + 3, range.end - 2)
      .split("\n")
      .map((line, i) => (i === 0 ? line.replace(/^ /, "") : line.replace(/^\s*\* ?/, "").replace(/^\s*$/, "")));
    for (let i = 0; i < lines.length; i++) {
      const tag = /^@example\b ?(.*)$/.exec(lines[i]!);
      if (!tag) continue;
      const code: string[] = [];
      const at: number[] = [];
      if (tag[1]!.trim()) {
        code.push(tag[1]!);
        at.push(firstLine + i);
      }
      let j = i + 1;
      for (; j < lines.length && !/^@\w/.test(lines[j]!); j++) {
        code.push(lines[j]!.trimEnd());
        at.push(firstLine + j);
      }
      while (code.length > 0 && code[code.length - 1] === "") {
        code.pop();
        at.pop();
      }
      out.push({ file, line: firstLine + i, code: code.join("\n"), lines: at });
      i = j - 1;
    }
  }
  return out;
}

/** Every `.ts` file under the given folders of `root`, relative and posix, sorted. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  return folders
    .flatMap((folder) =>
      (fs.readdirSync(path.join(root, folder), { recursive: true }) as string[])
        .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
        .map((f) => path.posix.join(folder, f.split(path.sep).join("/"))),
    )
    .sort();
}

/** The names declared at the top level of a piece of code (variables, functions, classes, types, imports). */
function declaredNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const bind = (name: ts.BindingName) => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) bind(declaration.name);
    else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement) ||
        ts.isModuleDeclaration(statement) ||
        ts.isImportEqualsDeclaration(statement)) &&
      statement.name &&
      ts.isIdentifier(statement.name)
    )
      names.add(statement.name.text);
    else if (ts.isImportDeclaration(statement) && statement.importClause) {
      const clause = statement.importClause;
      if (clause.name) names.add(clause.name.text);
      if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) names.add(clause.namedBindings.name.text);
      else if (clause.namedBindings) for (const element of clause.namedBindings.elements) names.add(element.name.text);
    }
  }
  return names;
}

const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/**
 * The names a module exports, each as a value (importable with a plain import) or a type only
 * (to be imported with `type`). Read from the syntax: under `isolatedModules` a re-export of a
 * type must say `type`, so the syntax is enough. `export * from` is followed.
 */
export class ExportReader {
  private readonly cache = new Map<string, Map<string, "value" | "type">>();
  constructor(private readonly root: string) {}

  exportsOf(file: string): Map<string, "value" | "type"> {
    const cached = this.cache.get(file);
    if (cached) return cached;
    const names = new Map<string, "value" | "type">();
    this.cache.set(file, names);
    const source = ts.createSourceFile(
      file,
      fs.readFileSync(path.join(this.root, file), "utf8"),
      ts.ScriptTarget.Latest,
    );
    const add = (name: string, kind: "value" | "type") => {
      if (names.get(name) !== "value") names.set(name, kind);
    };
    // What a local name is: a value declaration, a type declaration, or an import of either.
    const locals = new Map<string, "value" | "type">();
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) && statement.importClause) {
        const clause = statement.importClause;
        const kind = clause.isTypeOnly ? "type" : "value";
        if (clause.name) locals.set(clause.name.text, kind);
        if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings))
          locals.set(clause.namedBindings.name.text, kind);
        else if (clause.namedBindings)
          for (const element of clause.namedBindings.elements)
            locals.set(element.name.text, element.isTypeOnly ? "type" : kind);
      }
    }
    for (const statement of source.statements) {
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          const bind = (name: ts.BindingName) => {
            if (ts.isIdentifier(name)) {
              locals.set(name.text, "value");
              if (hasExport(statement)) add(name.text, "value");
            } else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
          };
          bind(declaration.name);
        }
      } else if (
        (ts.isFunctionDeclaration(statement) ||
          ts.isClassDeclaration(statement) ||
          ts.isEnumDeclaration(statement) ||
          ts.isModuleDeclaration(statement) ||
          ts.isInterfaceDeclaration(statement) ||
          ts.isTypeAliasDeclaration(statement)) &&
        statement.name &&
        ts.isIdentifier(statement.name)
      ) {
        const kind = ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) ? "type" : "value";
        if (locals.get(statement.name.text) !== "value") locals.set(statement.name.text, kind);
        if (hasExport(statement)) add(statement.name.text, kind);
      }
    }
    for (const statement of source.statements) {
      if (!ts.isExportDeclaration(statement)) continue;
      const from = statement.moduleSpecifier;
      if (!statement.exportClause) {
        // export * from "./x.js"
        if (from && ts.isStringLiteral(from) && from.text.startsWith(".") && !statement.isTypeOnly) {
          const target = path.posix.join(path.posix.dirname(file), from.text.replace(/\.js$/, ".ts"));
          for (const [name, kind] of this.exportsOf(target)) if (name !== "default") add(name, kind);
        }
      } else if (ts.isNamespaceExport(statement.exportClause)) {
        add(statement.exportClause.name.text, statement.isTypeOnly ? "type" : "value");
      } else {
        for (const element of statement.exportClause.elements) {
          const local = (element.propertyName ?? element.name).text;
          const typeOnly =
            statement.isTypeOnly || element.isTypeOnly || (!from && (locals.get(local) ?? "value") === "type");
          add(element.name.text, typeOnly ? "type" : "value");
        }
      }
    }
    names.delete("default");
    return names;
  }
}

/** The imports that head an example of `file`: the file's own imports, then its exports, less what the example declares. */
export function importHeader(root: string, file: string, code: string, exports: ExportReader): string {
  const own = declaredNames(ts.createSourceFile("example.ts", code, ts.ScriptTarget.Latest));
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(path.join(root, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const taken = new Set(own);
  const lines: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const clause = statement.importClause;
    const from = statement.moduleSpecifier.getText(source);
    const attributes = statement.attributes ? ` ${statement.attributes.getText(source)}` : "";
    const typeOnly = clause.isTypeOnly ? "type " : "";
    const keep = (name: string) => {
      if (taken.has(name)) return false;
      taken.add(name);
      return true;
    };
    if (clause.name && keep(clause.name.text))
      lines.push(`import ${typeOnly}${clause.name.text} from ${from}${attributes};`);
    if (clause.namedBindings && ts.isNamespaceImport(clause.namedBindings)) {
      if (keep(clause.namedBindings.name.text))
        lines.push(`import ${typeOnly}* as ${clause.namedBindings.name.text} from ${from}${attributes};`);
    } else if (clause.namedBindings) {
      const specifiers = clause.namedBindings.elements
        .filter((element) => keep(element.name.text))
        .map((element) => element.getText(source));
      if (specifiers.length > 0)
        lines.push(`import ${typeOnly}{ ${specifiers.join(", ")} } from ${from}${attributes};`);
    }
  }
  const exported = [...exports.exportsOf(file)]
    .filter(([name]) => !taken.has(name))
    .map(([name, kind]) => (kind === "type" ? `type ${name}` : name));
  if (exported.length > 0)
    lines.push(`import { ${exported.join(", ")} } from ${JSON.stringify(`./${path.posix.basename(file, ".ts")}.js`)};`);
  return lines.join("\n");
}

/**
 * Type-check every example in one program. Returns each example's diagnostics, pointed at the
 * source line they concern (a diagnostic in the generated header points at the `@example` tag).
 */
export function checkExamples(root: string, examples: readonly JsDocExample[]): Map<JsDocExample, ExampleDiagnostic[]> {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const options: ts.CompilerOptions = {
    ...config.options,
    noEmit: true,
    declaration: false,
    sourceMap: false,
    incremental: false,
  };
  const exports = new ExportReader(root);
  const virtual = new Map<string, { example: JsDocExample; text: string; headerLines: number }>();
  for (const example of examples) {
    const header = importHeader(root, example.file, example.code, exports);
    // src/redact.ts, line 365 → src/redact.example-365.ts (-2, -3 … for another example said to be there).
    const base = `${example.file.replace(/\.ts$/, "")}.example-${example.line}`;
    let name = `${base}.ts`;
    for (let n = 2; virtual.has(path.join(root, name)); n++) name = `${base}-${n}.ts`;
    const headerLines = header === "" ? 0 : header.split("\n").length;
    const text = `${header}${header === "" ? "" : "\n"}${example.code}\nexport {};\n`;
    virtual.set(path.join(root, name), { example, text, headerLines });
  }
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (f) => virtual.has(path.resolve(f)) || fileExists.call(host, f);
  host.readFile = (f) => virtual.get(path.resolve(f))?.text ?? readFile.call(host, f);
  host.getSourceFile = (f, language, onError, create) => {
    const entry = virtual.get(path.resolve(f));
    return entry
      ? ts.createSourceFile(f, entry.text, language, true)
      : getSourceFile.call(host, f, language, onError, create);
  };
  const program = ts.createProgram([...virtual.keys()], options, host);
  const out = new Map<JsDocExample, ExampleDiagnostic[]>();
  for (const [file, { example, headerLines }] of virtual) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`no source file for ${file}`);
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    out.set(
      example,
      diagnostics.map((d) => {
        const at = d.start === undefined ? 0 : source.getLineAndCharacterOfPosition(d.start).line;
        const line = at < headerLines ? example.line : (example.lines[at - headerLines] ?? example.line);
        return { example, line, message: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}` };
      }),
    );
  }
  return out;
}
