import { describe, expect, it } from 'vitest';
import { parseExpression } from '../../web/features/lesson-rooms/graph/expression';

const valueOf = (text: string, scope: Record<string, number> = {}) => {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.evaluate(scope);
};
const problemWith = (text: string) => {
  const parsed = parseExpression(text);
  return parsed.ok ? null : parsed.message;
};

describe('graph expressions', () => {
  it('reads expressions as they are written on paper', () => {
    expect(valueOf('x^2 - 2', { x: 3 })).toBe(7);
    expect(valueOf('y = a*x^2', { a: 2, x: 3 })).toBe(18);
    expect(valueOf('f(x) = 2x + 1', { x: 4 })).toBe(9);
    expect(valueOf('2ax', { a: 3, x: 5 })).toBe(30);
    expect(valueOf('(x+1)(x-1)', { x: 3 })).toBe(8);
    expect(valueOf('-x^2', { x: 3 })).toBe(-9);
    expect(valueOf('2^3^2')).toBe(512);
    expect(valueOf('2^-1')).toBe(0.5);
    expect(valueOf('a*sin(x)', { a: 2, x: Math.PI / 2 })).toBeCloseTo(2);
    expect(valueOf('sin x', { x: Math.PI / 2 })).toBeCloseTo(1);
    expect(valueOf('sinh(0) + cos(0)')).toBe(1);
    expect(valueOf('2π')).toBeCloseTo(2 * Math.PI);
    expect(valueOf('e^1')).toBeCloseTo(Math.E);
    expect(valueOf('exp(1)')).toBeCloseTo(Math.E);
    expect(valueOf('max(1, x, 3)', { x: 5 })).toBe(5);
    expect(valueOf('sqrt(abs(x))', { x: -16 })).toBe(4);
    expect(valueOf('3 × 2 − 1')).toBe(5);
    expect(valueOf('1.5e2')).toBe(150);
  });

  it('names the letters that need sliders, never x or a function', () => {
    const parsed = parseExpression('b*cos(x) + a*x^2 + pi');
    expect(parsed.ok && parsed.variables).toEqual(['a', 'b']);
  });

  it('says in a sentence what is wrong with an expression that does not parse', () => {
    expect(problemWith('')).toBe('Type an expression, for example x^2 - 2.');
    expect(problemWith('y = ')).toBe('Type an expression, for example x^2 - 2.');
    expect(problemWith('x^2 +')).toBe('The expression ends too early: something is missing after “+”.');
    expect(problemWith('(x + 1')).toBe('A “(” is never closed: add a “)”.');
    expect(problemWith('x + 1)')).toBe('There is a “)” with no “(” before it.');
    expect(problemWith('x $ 2')).toBe('“$” cannot be part of an expression. Use numbers, letters, + - * / ^ and brackets.');
    expect(problemWith('x * / 2')).toBe('Something is missing before “/”.');
    expect(problemWith('sin')).toBe('sin needs something to work on, in brackets: sin(x).');
    expect(problemWith('max(1')).toBe('The bracket after max is never closed: add a “)”.');
    expect(problemWith('y + x')).toBe('Write the right-hand side only, in terms of x: for example a*x^2 rather than y on both sides.');
    expect(problemWith('()')).toBe('There is a “)” with nothing inside its brackets.');
  });

  it('evaluates without eval, so nothing in the text can run', () => {
    expect(problemWith('constructor')).toBeNull();
    expect(Number.isNaN(valueOf('constructor', { x: 1 }))).toBe(true);
    expect(problemWith('alert("hi")')).toMatch(/cannot be part of an expression/);
  });
});
