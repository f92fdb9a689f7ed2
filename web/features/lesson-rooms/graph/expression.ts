/**
 * Graph expressions: parsed and evaluated here, without `new Function` (the page's CSP allows no eval, and
 * function-plot's own string sampler compiles with it). A plot gets a plain function of its scope instead.
 *
 * Variables are single letters, so `2ax` reads as 2·a·x as in a textbook; x is the axis, every other letter is a
 * slider. Functions apply to a bracket or to the next term (`sin x`), constants are `pi` (or π) and `e`.
 */

type Node =
  | { kind: 'number'; value: number }
  | { kind: 'name'; name: string }
  | { kind: 'negate'; of: Node }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/' | '^'; left: Node; right: Node }
  | { kind: 'call'; fn: string; args: Node[] };

export type Scope = Record<string, number>;

export type Parsed = { ok: true; evaluate: (scope: Scope) => number; variables: string[] } | { ok: false; message: string };

const FUNCTIONS: Record<string, (...args: number[]) => number> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  asin: Math.asin,
  acos: Math.acos,
  atan: Math.atan,
  sinh: Math.sinh,
  cosh: Math.cosh,
  tanh: Math.tanh,
  sqrt: Math.sqrt,
  abs: Math.abs,
  exp: Math.exp,
  ln: Math.log,
  log: Math.log10,
  floor: Math.floor,
  ceil: Math.ceil,
  round: Math.round,
  sign: Math.sign,
  min: Math.min,
  max: Math.max,
};
const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };
/** Longest first, so `sinh` is not read as `sin` then `h`. */
const WORDS = [...Object.keys(FUNCTIONS), ...Object.keys(CONSTANTS)].sort((a, b) => b.length - a.length);

/** The letters a slider may be named: any but the axes and the constant e. */
export const isSliderName = (name: string) => /^[a-z]$/i.test(name) && !['x', 'y', 'e'].includes(name);

/** "y = …" and "f(x) = …" are how people write a function; the part after "=" is the expression. */
export const expressionBody = (text: string) => text.replace(/^\s*(?:y|[a-z]\s*\(\s*x\s*\))\s*=/i, '');

type Token = { type: 'number'; value: number; at: number } | { type: 'word'; value: string; at: number } | { type: 'symbol'; value: string; at: number };

class ParseError extends Error {}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (/[0-9.]/.test(c)) {
      const match = /^(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/i.exec(text.slice(i));
      if (!match) throw new ParseError(`“${c}” on its own is not a number.`);
      tokens.push({ type: 'number', value: Number(match[0]), at: i });
      i += match[0].length;
    } else if (c === 'π') {
      tokens.push({ type: 'word', value: 'pi', at: i++ });
    } else if (/[a-z]/i.test(c)) {
      const run = /^[a-z]+/i.exec(text.slice(i))![0];
      tokens.push(...splitWord(run, i));
      i += run.length;
    } else if ('+-*/^(),·×−'.includes(c)) {
      const value = c === '·' || c === '×' ? '*' : c === '−' ? '-' : c;
      tokens.push({ type: 'symbol', value, at: i++ });
    } else {
      throw new ParseError(`“${c}” cannot be part of an expression. Use numbers, letters, + - * / ^ and brackets.`);
    }
  }
  return tokens;
}

/** A run of letters: function names and constants where they start it, single-letter variables otherwise. */
function splitWord(run: string, at: number): Token[] {
  const tokens: Token[] = [];
  let rest = run;
  let offset = at;
  while (rest) {
    const word = WORDS.find((w) => rest.toLowerCase().startsWith(w));
    const taken = word ?? rest[0]!;
    tokens.push({ type: 'word', value: word ?? taken, at: offset });
    rest = rest.slice(taken.length);
    offset += taken.length;
  }
  return tokens;
}

/** Recursive descent: sum → product → unary → power → atom, with implied multiplication between terms. */
class Parser {
  private index = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Node {
    const node = this.sum();
    const next = this.peek();
    if (next) throw new ParseError(next.value === ')' ? 'There is a “)” with no “(” before it.' : `Something is missing before “${next.value}”.`);
    return node;
  }

  private peek() {
    return this.tokens[this.index];
  }

  private symbol(value: string) {
    const token = this.peek();
    if (token?.type === 'symbol' && token.value === value) {
      this.index++;
      return true;
    }
    return false;
  }

  private sum(): Node {
    let node = this.product();
    for (;;) {
      if (this.symbol('+')) node = { kind: 'binary', op: '+', left: node, right: this.product() };
      else if (this.symbol('-')) node = { kind: 'binary', op: '-', left: node, right: this.product() };
      else return node;
    }
  }

  private product(): Node {
    let node = this.unary();
    for (;;) {
      if (this.symbol('*')) node = { kind: 'binary', op: '*', left: node, right: this.unary() };
      else if (this.symbol('/')) node = { kind: 'binary', op: '/', left: node, right: this.unary() };
      else if (this.startsTerm()) node = { kind: 'binary', op: '*', left: node, right: this.power() };
      else return node;
    }
  }

  /** A number, a name or a bracket right after a term multiplies it: 2x, 3(x+1), (x+1)(x-1). */
  private startsTerm() {
    const token = this.peek();
    return token !== undefined && (token.type !== 'symbol' || token.value === '(');
  }

  private unary(): Node {
    if (this.symbol('-')) return { kind: 'negate', of: this.unary() };
    if (this.symbol('+')) return this.unary();
    return this.power();
  }

  private power(): Node {
    const base = this.atom();
    // Right-associative, and -x^2 is -(x^2) as on paper: the exponent may carry its own sign.
    if (this.symbol('^')) return { kind: 'binary', op: '^', left: base, right: this.unary() };
    return base;
  }

  private atom(): Node {
    const token = this.peek();
    if (!token) {
      const before = this.tokens[this.index - 1];
      throw new ParseError(
        before ? `The expression ends too early: something is missing after “${before.value}”.` : 'Type an expression, for example x^2 - 2.',
      );
    }
    this.index++;
    if (token.type === 'number') return { kind: 'number', value: token.value };
    if (token.type === 'symbol') {
      if (token.value === '(') {
        const inner = this.sum();
        if (!this.symbol(')')) throw new ParseError('A “(” is never closed: add a “)”.');
        return inner;
      }
      if (token.value === ')') throw new ParseError('There is a “)” with nothing inside its brackets.');
      throw new ParseError(`Something is missing before “${token.value}”.`);
    }
    const name = token.value;
    if (Object.hasOwn(CONSTANTS, name)) return { kind: 'number', value: CONSTANTS[name]! };
    if (Object.hasOwn(FUNCTIONS, name)) return { kind: 'call', fn: name, args: this.arguments(name) };
    if (name === 'y') throw new ParseError('Write the right-hand side only, in terms of x: for example a*x^2 rather than y on both sides.');
    return { kind: 'name', name };
  }

  private arguments(fn: string): Node[] {
    const many = fn === 'min' || fn === 'max';
    if (!this.symbol('(')) {
      if (many || !this.peek()) throw new ParseError(`${fn} needs something to work on, in brackets: ${fn}(${many ? 'x, 1' : 'x'}).`);
      return [this.power()];
    }
    const args = [this.sum()];
    while (many && this.symbol(',')) args.push(this.sum());
    if (!this.symbol(')')) throw new ParseError(`The bracket after ${fn} is never closed: add a “)”.`);
    return args;
  }
}

function compile(node: Node): (scope: Scope) => number {
  switch (node.kind) {
    case 'number': {
      const value = node.value;
      return () => value;
    }
    case 'name': {
      const name = node.name;
      return (scope) => scope[name] ?? Number.NaN;
    }
    case 'negate': {
      const of = compile(node.of);
      return (scope) => -of(scope);
    }
    case 'call': {
      const fn = FUNCTIONS[node.fn]!;
      const args = node.args.map(compile);
      return (scope) => fn(...args.map((arg) => arg(scope)));
    }
    case 'binary': {
      const left = compile(node.left);
      const right = compile(node.right);
      switch (node.op) {
        case '+':
          return (scope) => left(scope) + right(scope);
        case '-':
          return (scope) => left(scope) - right(scope);
        case '*':
          return (scope) => left(scope) * right(scope);
        case '/':
          return (scope) => left(scope) / right(scope);
        case '^':
          return (scope) => left(scope) ** right(scope);
      }
    }
  }
}

function namesIn(node: Node, into: Set<string>) {
  if (node.kind === 'name') into.add(node.name);
  else if (node.kind === 'negate') namesIn(node.of, into);
  else if (node.kind === 'binary') {
    namesIn(node.left, into);
    namesIn(node.right, into);
  } else if (node.kind === 'call') for (const arg of node.args) namesIn(arg, into);
  return into;
}

/** The expression as a function of x and its sliders, or a sentence saying what is wrong with it. */
export function parseExpression(text: string): Parsed {
  try {
    const body = expressionBody(text);
    if (!body.trim()) return { ok: false, message: 'Type an expression, for example x^2 - 2.' };
    const tree = new Parser(tokenize(body)).parse();
    return { ok: true, evaluate: compile(tree), variables: [...namesIn(tree, new Set())].filter((name) => name !== 'x').sort() };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, message: error.message };
    throw error;
  }
}
