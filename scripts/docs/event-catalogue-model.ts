/**
 * Reads what docs/events.md says about every event from the code itself, with the TypeScript compiler: the
 * `EventUnion<{ type: Data }>` maps of the `*.events.ts` files tie each type to its data interface; the data
 * interfaces give the fields (type as declared, optionality, JSDoc); the `…Events` constants and the data
 * interfaces give the meaning; the stream comes from a `@stream` JSDoc tag or the file's one stream id declaration.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

export interface FieldDoc {
  name: string;
  /** The type as declared in the source, on one line. */
  type: string;
  optional: boolean;
  meaning: string;
}

export interface EventDoc {
  type: string;
  feature: string;
  /** Markdown: the stream(s) the event is appended to; null when the source does not say. */
  stream: string | null;
  /** The version readers receive (upcasters lift the older ones on read). */
  currentVersion: number;
  olderVersions: number[];
  meaning: string | null;
  /** Repository-relative path of the events file, and the data interface's name. */
  sourceFile: string | null;
  dataTypeName: string | null;
  fields: FieldDoc[];
}

/** A named type that event fields use (expanded once in the catalogue's "Types" section). */
export interface NamedTypeDoc {
  name: string;
  sourceFile: string;
  meaning: string;
  /** Interfaces: their fields. */
  fields: FieldDoc[] | null;
  /** Type aliases: the declared text, and the values it resolves to when that differs. */
  definition: string | null;
  resolved: string | null;
  /** The constants a `typeof X` definition names, as declared: `UserStatus = { Inactive: 0, … }`. */
  constants: string[];
}

export interface EventCatalogue {
  features: { name: string; events: EventDoc[] }[];
  types: NamedTypeDoc[];
  /** What keeps the catalogue from being complete: a type without data interface, meaning or stream. */
  problems: string[];
}

export interface EventCatalogueSources {
  repositoryRoot: string;
  /** EVENT_TYPES_BY_FEATURE of domain/src/event-catalogue.ts. */
  eventTypesByFeature: Readonly<Record<string, readonly string[]>>;
  /** The upcaster registry's current version of a type. */
  latestVersion: (type: string) => number;
}

interface DataMapEntry {
  dataSymbol: ts.Symbol | null;
  dataTypeText: string;
  sourceFile: ts.SourceFile;
}

interface EventsConstantEntry {
  constant: ts.VariableDeclaration;
  property: ts.PropertyAssignment;
}

/** Stream id declarations: `fooStreamId = (x) => \`foo-${x}\``, `FOO_STREAM_ID = 'foo'`, `FOO_STREAM = 'foo'`. */
const STREAM_DECLARATION_NAME = /stream(_?id)?$/i;

export function buildEventCatalogue(sources: EventCatalogueSources): EventCatalogue {
  const domainRoot = join(sources.repositoryRoot, 'domain', 'src');
  const program = createProgram(sources.repositoryRoot, [...eventFiles(domainRoot), join(domainRoot, 'event-catalogue.ts')]);
  const checker = program.getTypeChecker();
  const eventSourceFiles = program.getSourceFiles().filter((file) => file.fileName.endsWith('.events.ts') && !file.isDeclarationFile);
  const relativePath = (file: ts.SourceFile) => relative(sources.repositoryRoot, file.fileName).split('\\').join('/');

  const dataMaps = collectDataMaps(checker, eventSourceFiles);
  const constants = collectEventsConstants(eventSourceFiles);
  const problems: string[] = [...dataMaps.problems];
  const referencedTypes = new Map<string, ts.Symbol>();

  const features = Object.entries(sources.eventTypesByFeature).map(([feature, types]) => ({
    name: feature,
    events: types.map((type): EventDoc => {
      const entry = dataMaps.byType.get(type);
      const constant = constants.get(type);
      const dataDeclaration = entry?.dataSymbol ? interfaceOrAlias(entry.dataSymbol) : undefined;
      const meaning = firstNonEmpty(
        constant && nodeDocumentation(constant.property),
        entry?.dataSymbol && documentation(checker, entry.dataSymbol),
      );
      const stream = firstNonEmpty(
        constant && streamTag(constant.property),
        constant && streamTag(constant.constant.parent.parent),
        dataDeclaration && streamTag(dataDeclaration),
        entry && singleStreamDeclaration(entry.sourceFile),
        constant && singleStreamDeclaration(constant.property.getSourceFile()),
      );
      if (!entry) problems.push(`${type}: no data interface found (no EventUnion<{ ${type}: …Data }> in a domain/src/**/*.events.ts file)`);
      else if (!dataDeclaration) problems.push(`${type}: its data type ${entry.dataTypeText} is not a named interface or type`);
      if (!meaning) problems.push(`${type}: no meaning (a JSDoc comment on its data interface or on its entry in the …Events constant)`);
      if (!stream) problems.push(`${type}: no stream (a \`@stream\` JSDoc tag on its entry in the …Events constant)`);
      const fields = dataDeclaration && entry?.dataSymbol ? fieldsOf(checker, entry.dataSymbol, referencedTypes) : [];
      const currentVersion = sources.latestVersion(type);
      return {
        type,
        feature,
        stream: stream ?? null,
        currentVersion,
        olderVersions: Array.from({ length: currentVersion - 1 }, (_, index) => index + 1),
        meaning: meaning ?? null,
        sourceFile: entry ? relativePath(entry.sourceFile) : null,
        dataTypeName: entry?.dataSymbol?.getName() ?? null,
        fields,
      };
    }),
  }));

  return { features, types: describeReferencedTypes(checker, referencedTypes, sources.repositoryRoot), problems };
}

function createProgram(repositoryRoot: string, rootNames: string[]): ts.Program {
  const configFile = join(repositoryRoot, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, repositoryRoot, { noEmit: true }, configFile);
  return ts.createProgram({ rootNames: rootNames.sort(), options: { ...options, types: [] } });
}

function eventFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory() ? eventFiles(join(dir, entry.name)) : entry.name.endsWith('.events.ts') ? [join(dir, entry.name)] : [],
    );
}

/** Every `EventUnion<Map>` in the events files: event type → the data type its map names. */
function collectDataMaps(checker: ts.TypeChecker, files: ts.SourceFile[]): { byType: Map<string, DataMapEntry>; problems: string[] } {
  const byType = new Map<string, DataMapEntry>();
  const problems: string[] = [];
  for (const sourceFile of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isTypeReferenceNode(node) && node.typeName.getText(sourceFile) === 'EventUnion' && node.typeArguments?.length === 1) {
        const map = checker.getTypeFromTypeNode(node.typeArguments[0]);
        for (const property of checker.getPropertiesOfType(map)) {
          const declaration = property.valueDeclaration ?? property.declarations?.[0];
          const typeNode = declaration && ts.isPropertySignature(declaration) ? declaration.type : undefined;
          const entry: DataMapEntry = {
            dataSymbol: typeNode && ts.isTypeReferenceNode(typeNode) ? resolveSymbol(checker, typeNode.typeName) : null,
            dataTypeText: typeNode ? oneLine(typeNode.getText()) : '?',
            sourceFile,
          };
          const known = byType.get(property.getName());
          if (known && known.dataSymbol !== entry.dataSymbol) {
            problems.push(`${property.getName()}: two data types (${known.dataTypeText}, ${entry.dataTypeText})`);
          }
          byType.set(property.getName(), entry);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return { byType, problems };
}

/** The `XxxEvents = { Name: 'Type', … } as const` entries, by event type. */
function collectEventsConstants(files: ts.SourceFile[]): Map<string, EventsConstantEntry> {
  const entries = new Map<string, EventsConstantEntry>();
  for (const sourceFile of files) {
    for (const statement of sourceFile.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const constant of statement.declarationList.declarations) {
        if (!ts.isIdentifier(constant.name) || !/Events$/.test(constant.name.text)) continue;
        const initializer = constant.initializer && unwrapAsConst(constant.initializer);
        if (!initializer || !ts.isObjectLiteralExpression(initializer)) continue;
        for (const property of initializer.properties) {
          if (ts.isPropertyAssignment(property) && ts.isStringLiteral(property.initializer)) {
            entries.set(property.initializer.text, { constant, property });
          }
        }
      }
    }
  }
  return entries;
}

function unwrapAsConst(expression: ts.Expression): ts.Expression {
  return ts.isAsExpression(expression) || ts.isSatisfiesExpression(expression) ? unwrapAsConst(expression.expression) : expression;
}

function resolveSymbol(checker: ts.TypeChecker, name: ts.EntityName): ts.Symbol | null {
  const symbol = checker.getSymbolAtLocation(name);
  if (!symbol) return null;
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

function interfaceOrAlias(symbol: ts.Symbol): ts.InterfaceDeclaration | ts.TypeAliasDeclaration | undefined {
  return symbol.declarations?.find(
    (declaration): declaration is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
      ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration),
  );
}

/** The JSDoc text of a symbol (its declarations' comments), on one line, without its tags. */
function documentation(checker: ts.TypeChecker, symbol: ts.Symbol): string | undefined {
  return oneLine(ts.displayPartsToString(symbol.getDocumentationComment(checker))) || undefined;
}

/** The JSDoc text written on one node, on one line, without its tags. */
function nodeDocumentation(node: ts.Node): string | undefined {
  const comments = ts
    .getJSDocCommentsAndTags(node)
    .filter(ts.isJSDoc)
    .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '');
  return oneLine(comments.join(' ')) || undefined;
}

/** A `@stream` tag's text on the node's own JSDoc. */
function streamTag(node: ts.Node): string | undefined {
  const tag = ts.getJSDocTags(node).find((candidate) => candidate.tagName.text === 'stream');
  const text = typeof tag?.comment === 'string' ? tag.comment : tag?.comment?.map((part) => part.text).join('');
  return text ? oneLine(text) : undefined;
}

/** The stream of a file that declares exactly one: its id pattern in backticks, `${x}` written `<x>`. */
function singleStreamDeclaration(sourceFile: ts.SourceFile): string | undefined {
  const patterns: string[] = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || !STREAM_DECLARATION_NAME.test(declaration.name.text) || !declaration.initializer) continue;
      const pattern = streamPattern(declaration.initializer);
      if (pattern === undefined) return undefined;
      patterns.push(pattern);
    }
  }
  return patterns.length === 1 ? `\`${patterns[0]}\`` : undefined;
}

function streamPattern(initializer: ts.Expression): string | undefined {
  const body = ts.isArrowFunction(initializer) && !ts.isBlock(initializer.body) ? initializer.body : initializer;
  if (ts.isStringLiteral(body) || ts.isNoSubstitutionTemplateLiteral(body)) return body.text;
  if (ts.isTemplateExpression(body)) {
    return body.head.text + body.templateSpans.map((span) => `<${span.expression.getText()}>${span.literal.text}`).join('');
  }
  return undefined;
}

/** The properties of an interface (inherited ones included), noting the named types they use. */
function fieldsOf(checker: ts.TypeChecker, symbol: ts.Symbol, referencedTypes: Map<string, ts.Symbol>): FieldDoc[] {
  const type = checker.getDeclaredTypeOfSymbol(symbol);
  return checker.getPropertiesOfType(type).map((property) => {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const typeNode = declaration && ts.isPropertySignature(declaration) ? declaration.type : undefined;
    if (typeNode) noteReferencedTypes(checker, typeNode, referencedTypes);
    return {
      name: property.getName(),
      type: typeNode ? oneLine(typeNode.getText()) : checker.typeToString(checker.getTypeOfSymbol(property)),
      optional: (property.flags & ts.SymbolFlags.Optional) !== 0,
      meaning: documentation(checker, property) ?? '',
    };
  });
}

/** Named types declared in the repository (not TypeScript's own Record, Partial, …) that a type node mentions. */
function noteReferencedTypes(checker: ts.TypeChecker, typeNode: ts.Node, referencedTypes: Map<string, ts.Symbol>): void {
  const visit = (node: ts.Node): void => {
    if (ts.isTypeReferenceNode(node)) {
      const symbol = resolveSymbol(checker, node.typeName);
      const declaration = symbol && interfaceOrAlias(symbol);
      if (symbol && declaration && !declaration.getSourceFile().isDeclarationFile) {
        const known = referencedTypes.get(symbol.getName());
        if (known && known !== symbol) throw new Error(`Two types named ${symbol.getName()}: the catalogue needs unique names`);
        referencedTypes.set(symbol.getName(), symbol);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(typeNode);
}

/** The named types the fields use, and the ones those use in turn, sorted by name. */
function describeReferencedTypes(checker: ts.TypeChecker, referencedTypes: Map<string, ts.Symbol>, repositoryRoot: string): NamedTypeDoc[] {
  const described = new Map<string, NamedTypeDoc>();
  while (described.size < referencedTypes.size) {
    for (const [name, symbol] of [...referencedTypes]) {
      if (described.has(name)) continue;
      const declaration = interfaceOrAlias(symbol)!;
      const sourceFile = relative(repositoryRoot, declaration.getSourceFile().fileName).split('\\').join('/');
      const meaning = documentation(checker, symbol) ?? '';
      if (ts.isInterfaceDeclaration(declaration)) {
        const fields = fieldsOf(checker, symbol, referencedTypes);
        described.set(name, { name, sourceFile, meaning, fields, definition: null, resolved: null, constants: [] });
      } else {
        noteReferencedTypes(checker, declaration.type, referencedTypes);
        const definition = oneLine(declaration.type.getText());
        const resolved = checker.typeToString(
          checker.getDeclaredTypeOfSymbol(symbol),
          undefined,
          ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType,
        );
        const sameValues = sortedUnion(resolved) === sortedUnion(definition);
        const constants = namedConstants(checker, declaration.type);
        described.set(name, { name, sourceFile, meaning, fields: null, definition, resolved: sameValues ? null : resolved, constants });
      }
    }
  }
  return [...described.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** `'Y' | 'N'` and `'N' | 'Y'` are the same values. */
function sortedUnion(type: string): string {
  return type.split(' | ').sort().join(' | ');
}

/** The object and literal constants that `typeof X` in a type alias refers to (arrays show as the alias's values). */
function namedConstants(checker: ts.TypeChecker, typeNode: ts.TypeNode): string[] {
  const constants: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isTypeQueryNode(node)) {
      const symbol = resolveSymbol(checker, node.exprName);
      const declaration = symbol?.valueDeclaration;
      const value =
        declaration && ts.isVariableDeclaration(declaration) && declaration.initializer && unwrapAsConst(declaration.initializer);
      const shown = value && (ts.isObjectLiteralExpression(value) || ts.isLiteralExpression(value) || ts.isPrefixUnaryExpression(value));
      const text = shown ? `${symbol.getName()} = ${oneLine(value.getText()).replace(/,\s*([}\]])/g, ' $1')}` : undefined;
      if (text && text.length <= 400 && !constants.includes(text)) constants.push(text);
    }
    ts.forEachChild(node, visit);
  };
  visit(typeNode);
  return constants;
}

function firstNonEmpty(...candidates: (string | null | undefined | false)[]): string | undefined {
  return candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.length > 0);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
