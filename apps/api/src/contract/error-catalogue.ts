import ts from 'typescript';
import { ErrorCode } from '../common/errors/error-codes';
import { nodesOf, sourceFiles } from './source-files';

/** The errors that carry a `domainCode`, and the `extensions.code` the API answers them with (domain-error.filter.ts). */
const ERROR_CLASSES: Readonly<Record<string, ErrorCode>> = {
  RuleViolation: ErrorCode.RULE_VIOLATION,
  InvalidInput: ErrorCode.BAD_USER_INPUT,
  NotFound: ErrorCode.NOT_FOUND,
  ConcurrencyConflict: ErrorCode.CONFLICT,
  Forbidden: ErrorCode.FORBIDDEN,
  Unauthenticated: ErrorCode.UNAUTHENTICATED,
};

/** Where domain errors are thrown: the engines, the libraries and the API. */
export const ERROR_SOURCES = ['libs', 'apps/api/src'];

export interface DomainCodeEntry {
  readonly domainCode: string;
  readonly extensionsCodes: readonly ErrorCode[];
  /** Workspaces that throw it, e.g. `bolsa`, `api`. */
  readonly areas: readonly string[];
  /** The message a player reads (its first wording, with `…` where a value goes). */
  readonly message: string;
}

export interface ErrorCatalogue {
  readonly entries: readonly DomainCodeEntry[];
  /** Places where a domain code could not be read from the source (a code built at run time): fix them. */
  readonly unresolved: readonly string[];
}

interface Found {
  readonly code: string;
  readonly message: string;
}

/** Reads every domain code from the source: the first argument of each `new RuleViolation(...)` and its kin. */
export function errorCatalogue(folders: readonly string[] = ERROR_SOURCES): ErrorCatalogue {
  const byCode = new Map<string, { codes: Set<ErrorCode>; areas: Set<string>; messages: string[] }>();
  const unresolved: string[] = [];
  for (const file of sourceFiles(folders)) {
    for (const node of nodesOf(file)) {
      if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression)) continue;
      const extensionsCode = ERROR_CLASSES[node.expression.text];
      const [codeArgument, messageArgument] = node.arguments ?? [];
      if (extensionsCode === undefined || codeArgument === undefined) continue;
      const found = resolve(file, codeArgument, messageArgument);
      if (found.length === 0) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        unresolved.push(`${file.fileName}:${line + 1}: ${node.getText().split('\n')[0] ?? ''}`);
      }
      for (const { code, message } of found) {
        const entry = byCode.get(code) ?? { codes: new Set(), areas: new Set(), messages: [] };
        entry.codes.add(extensionsCode);
        entry.areas.add(areaOf(file.fileName));
        entry.messages.push(message);
        byCode.set(code, entry);
      }
    }
  }
  const entries = [...byCode.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([domainCode, entry]) => ({
      domainCode,
      extensionsCodes: [...entry.codes].sort(),
      areas: [...entry.areas].sort(),
      message: entry.messages.filter((message) => message !== '').sort()[0] ?? '',
    }));
  return { entries, unresolved };
}

/** The codes (and messages) an argument stands for: a literal, a template of the caller's literals, or a parameter. */
function resolve(file: ts.SourceFile, code: ts.Expression, message: ts.Expression | undefined, bindings: ReadonlyMap<string, string> = new Map()): Found[] {
  const text = literalText(file, code, bindings);
  if (text !== undefined) return [{ code: text, message: message ? (messageText(file, message, bindings) ?? '') : '' }];
  // A parameter of the enclosing function: the literals its callers pass in the same file.
  if (ts.isIdentifier(code) || ts.isTemplateExpression(code)) {
    const fn = enclosingFunction(code);
    const name = fn?.name && ts.isIdentifier(fn.name) ? fn.name.text : undefined;
    if (!fn || name === undefined) return [];
    const parameters = fn.parameters.map((parameter) => (ts.isIdentifier(parameter.name) ? parameter.name.text : ''));
    const found: Found[] = [];
    for (const call of nodesOf(file)) {
      if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== name) continue;
      const bound = new Map(bindings);
      parameters.forEach((parameter, index) => {
        const argument = call.arguments[index];
        const value = argument ? literalText(file, argument, new Map()) : undefined;
        if (value !== undefined) bound.set(parameter, value);
      });
      const codeText = literalText(file, code, bound);
      if (codeText !== undefined) found.push({ code: codeText, message: message ? (messageText(file, message, bound) ?? '') : '' });
    }
    return found;
  }
  // `conflict.code` of a table of codes: every `code: '...'` written in the file, with the `message` beside it.
  if (ts.isPropertyAccessExpression(code) && code.name.text === 'code') {
    const found: Found[] = [];
    for (const node of nodesOf(file)) {
      if (!ts.isObjectLiteralExpression(node)) continue;
      const codeProperty = propertyNamed(node, 'code');
      const value = codeProperty ? literalText(file, codeProperty, new Map()) : undefined;
      if (value === undefined) continue;
      const messageProperty = propertyNamed(node, 'message');
      const body = messageProperty && ts.isArrowFunction(messageProperty) && ts.isExpression(messageProperty.body) ? messageProperty.body : messageProperty;
      found.push({ code: value, message: body ? (messageText(file, body, new Map()) ?? '') : '' });
    }
    return found;
  }
  return [];
}

function propertyNamed(node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === name) return property.initializer;
  }
  return undefined;
}

/** A string known from the source alone: a literal, a constant of the file, or a template of bound names. */
function literalText(file: ts.SourceFile, node: ts.Expression, bindings: ReadonlyMap<string, string>): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isIdentifier(node)) return bindings.get(node.text) ?? constantOf(file, node.text);
  if (ts.isTemplateExpression(node)) {
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const value = spanValue(file, span.expression, bindings);
      if (value === undefined) return undefined;
      text += value + span.literal.text;
    }
    return text;
  }
  return undefined;
}

/** `${what}` or `${what.toUpperCase()}` of a bound name. */
function spanValue(file: ts.SourceFile, expression: ts.Expression, bindings: ReadonlyMap<string, string>): string | undefined {
  if (ts.isCallExpression(expression) && ts.isPropertyAccessExpression(expression.expression) && expression.expression.name.text === 'toUpperCase') {
    return spanValue(file, expression.expression.expression, bindings)?.toUpperCase();
  }
  return ts.isIdentifier(expression) ? (bindings.get(expression.text) ?? constantOf(file, expression.text)) : undefined;
}

/** A message with `…` where a value is filled in at run time. */
function messageText(file: ts.SourceFile, node: ts.Expression, bindings: ReadonlyMap<string, string>): string | undefined {
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => (spanValue(file, span.expression, bindings) ?? '…') + span.literal.text).join('');
  }
  if (ts.isParenthesizedExpression(node)) return messageText(file, node.expression, bindings);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return `${messageText(file, node.left, bindings) ?? '…'}${messageText(file, node.right, bindings) ?? '…'}`;
  }
  if (ts.isConditionalExpression(node)) return messageText(file, node.whenTrue, bindings);
  return literalText(file, node, bindings);
}

function constantOf(file: ts.SourceFile, name: string): string | undefined {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer && ts.isStringLiteralLike(declaration.initializer)) {
        return declaration.initializer.text;
      }
    }
  }
  return undefined;
}

function enclosingFunction(node: ts.Node): ts.FunctionDeclaration | undefined {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (ts.isFunctionDeclaration(current)) return current;
  }
  return undefined;
}

/** `libs/games/bolsa/src/...` -> `bolsa`; `apps/api/src/...` -> `api`. */
function areaOf(fileName: string): string {
  const parts = fileName.split(/[\\/]/);
  return parts[0] === 'libs' && parts[1] === 'games' ? (parts[2] ?? 'games') : (parts[1] ?? fileName);
}
