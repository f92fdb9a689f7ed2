/** The editor's math palette (spec 3, section 9): five groups, each inserting LaTeX at the cursor. */
export const formulaGroups = [
  {
    key: 'quick',
    label: 'Quick',
    items: ['\\frac{a}{b}', 'x^{2}', 'x_{i}', '\\sqrt{x}', '\\sqrt[n]{x}', '\\pm', '\\times', '\\div', '\\cdot', '\\infty', '\\overline{x}', '\\vec{v}'],
  },
  {
    key: 'greek',
    label: 'Greek',
    items: ['\\alpha', '\\beta', '\\gamma', '\\delta', '\\epsilon', '\\theta', '\\lambda', '\\mu', '\\pi', '\\rho', '\\sigma', '\\phi', '\\omega', '\\Delta', '\\Sigma', '\\Omega'],
  },
  {
    key: 'relations',
    label: 'Relations',
    items: ['=', '\\neq', '<', '>', '\\leq', '\\geq', '\\approx', '\\equiv', '\\propto', '\\sim', '\\in', '\\notin', '\\subset', '\\subseteq', '\\cup', '\\cap'],
  },
  {
    key: 'logics',
    label: 'Logic',
    items: ['\\land', '\\lor', '\\neg', '\\Rightarrow', '\\Leftarrow', '\\Leftrightarrow', '\\forall', '\\exists', '\\therefore', '\\because', '\\top', '\\bot'],
  },
  {
    key: 'calculus',
    label: 'Calculus',
    items: ['\\int_{a}^{b} f(x)\\,dx', '\\frac{d}{dx}', '\\frac{\\partial f}{\\partial x}', '\\lim_{x \\to 0}', '\\sum_{i=1}^{n}', '\\prod_{i=1}^{n}', '\\nabla', "f'(x)", '\\oint', '\\iint'],
  },
] as const;

export type FormulaGroupKey = (typeof formulaGroups)[number]['key'];
