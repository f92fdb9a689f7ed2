import katex from 'katex';

export const katexOptions = { throwOnError: false, output: 'htmlAndMathml' as const };

export const renderLatex = (latex: string) => katex.renderToString(latex, katexOptions);
